//go:build !amd64 || purego

package host

// simdLen is 0: the loops of simd_amd64.s are for amd64 only.
func simdLen(int) int { return 0 }

// haveSIMD is false: tests that compare the two kinds of loop skip.
var haveSIMD = false

func simdOn() bool { return haveSIMD }

func simdSplit(c *uint64, next, prev *int32, fm *bool, idx *int32, yes, no, lower, b int32, n int) int {
	panic("no SIMD")
}

func simdMinU32(p *int32, n int) uint32 { panic("no SIMD") }

func simdMark(next *int32, m *bool, idx *int32, b int32, n int) (count int, other uint32) {
	panic("no SIMD")
}

func simdCountEq32(p *int32, v int32, n int) int { panic("no SIMD") }

func simdPhi2(d, x, y *uint64, prev *int32, p0, p1 int32, n int) (ok bool) { panic("no SIMD") }

func simdAoSLoad4(rows *uint64, rowStride int, w *uint32, laneStride int, n int) { panic("no SIMD") }

func simdAoSStore4(rows *uint64, rowStride int, w *uint32, laneStride int, n int) { panic("no SIMD") }

func simdDense(x *uint64, l0, l1, l2, gj *uint32, base uint32, c *[4]uint32, n int) {
	panic("no SIMD")
}

func prefetchRuns(p *byte, step int64, runs int, lines int) {}

func simdMaxLow32(x *uint64, n int) uint32 { panic("no SIMD") }

func simdGatherIdx32(d *uint64, p *byte, x *uint64, n int) { panic("no SIMD") }

func simdWiden32Runs(d *uint64, w *uint32, runLen, runs int, stride int64) { panic("no SIMD") }

func simdNarrow32Runs(d *uint64, w *uint32, runLen, runs int, stride int64) { panic("no SIMD") }
