//go:build amd64 && !purego

package host

import (
	"sync"

	"github.com/clgo/clgo/internal/config"
)

// haveSIMD says the SIMD loops of simd_amd64.s can run: the CPU has AVX2
// and POPCNT, and the operating system saves the ymm registers. CLGO_HOST_SIMD=0 turns
// them off (to compare, or to rule them out). simdOn decides it on first
// use rather than at start-up: CPUID traps to the hypervisor in a virtual
// machine, and every clgo process (clgo compile too) links this package.
var (
	simdOnce sync.Once
	haveSIMD bool
)

func simdOn() bool {
	simdOnce.Do(func() { haveSIMD = hasAVX2() && config.Get(config.HostSIMD) != "0" })
	return haveSIMD
}

func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax uint32)

func hasAVX2() bool {
	max, _, _, _ := cpuid(0, 0)
	if max < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const popcnt, osxsave, avx = 1 << 23, 1 << 27, 1 << 28
	if ecx1&popcnt == 0 || ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xgetbv()&6 != 6 { // the OS saves xmm and ymm state
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}

// simdLen is how many of n lanes the SIMD loops take: a multiple of 8.
func simdLen(n int) int {
	if !simdOn() {
		return 0
	}
	return n &^ 7
}

// simdSplit records a split of a full mask for the first n lanes (a
// multiple of 8): see split_amd64.s.
//
//go:noescape
func simdSplit(c *uint64, next, prev *int32, fm *bool, idx *int32, yes, no, lower, b int32, n int) int

// simdMinU32, simdMark and simdCountEq32 are rescan's loops for the first
// n lanes (a multiple of 8): see split_amd64.s.
//
//go:noescape
func simdMinU32(p *int32, n int) uint32

//go:noescape
func simdMark(next *int32, m *bool, idx *int32, b int32, n int) (count int, other uint32)

//go:noescape
func simdCountEq32(p *int32, v int32, n int) int

// simdPhi2 is phi2's loop for the first n lanes (a multiple of 8): see
// split_amd64.s.
//
//go:noescape
func simdPhi2(d, x, y *uint64, prev *int32, p0, p1 int32, n int) (ok bool)

// simdAoSLoad4 and simdAoSStore4 move four 32-bit leaves of each of n
// lanes (a multiple of 4) between memory, lane after lane, and four rows:
// see split_amd64.s.
//
//go:noescape
func simdAoSLoad4(rows *uint64, rowStride int, w *uint32, laneStride int, n int)

//go:noescape
func simdAoSStore4(rows *uint64, rowStride int, w *uint32, laneStride int, n int)

// simdDense fills the first n lanes (a multiple of 8) of an affine row
// from its samples: see split_amd64.s.
//
//go:noescape
func simdDense(x *uint64, l0, l1, l2, gj *uint32, base uint32, c *[4]uint32, n int)

// prefetchRuns prefetches lines (at least 1) cache lines at each of runs
// (at least 1) addresses step bytes apart: see split_amd64.s.
//
//go:noescape
func prefetchRuns(p *byte, step int64, runs int, lines int)

// simdMaxLow32 and simdGatherIdx32 load 32-bit words at indices held in
// a row: see split_amd64.s.
//
//go:noescape
func simdMaxLow32(x *uint64, n int) uint32

//go:noescape
func simdGatherIdx32(d *uint64, p *byte, x *uint64, n int)

// simdWiden32Runs and simdNarrow32Runs move a tile of runs of 32-bit words
// between memory and consecutive slots: see split_amd64.s.
//
//go:noescape
func simdWiden32Runs(d *uint64, w *uint32, runLen, runs int, stride int64)

//go:noescape
func simdNarrow32Runs(d *uint64, w *uint32, runLen, runs int, stride int64)
