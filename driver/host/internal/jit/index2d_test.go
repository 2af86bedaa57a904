package jit

import (
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestIndex2D checks Index of one Uniform and one Varying operand
// (index2d.go) against the Go executor: a Varying row offset A plus a
// Uniform index (tile[lid0][col]) and a Uniform row offset plus a
// Varying index (tile[row][lid0]), with A at the edges of the range and
// poison, indices of both signs up to ±2^31 and the boundaries of the
// range for the Uniform operand, strides up to 2^31-1. A value computed
// before the Index ops and stored after them (Add of the lane's A) checks
// that the ops, which keep the register cache, leave it alone.
func TestIndex2D(t *testing.T) {
	needNative(t)
	fixed := []uint32{0, 1, 4, 12, 100, 0x7fffffff, 0x80000000, 0xfffffff0, 0xfffffffd, 0xfffffffe, 0xffffffff,
		uint32(0xffffffff), 3, 0xffffff00}
	us := []uint32{0, 1, 3, 0xffffffff, 0xfffffff0, 0x7fffffff, 0x80000000, 64, 0xfffffffe, 0x40000000}
	const local = 32
	for _, stride := range []int64{1, 4, 68, 1<<31 - 1} {
		for _, u := range us {
			b := newProg(local)
			for range 4 {
				b.region(lanes.RegionBuffer, 0)
			}
			live := b.value(lanes.Mask, lanes.Varying)
			b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
			li := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
			off := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, 0), B: li, C: nv, M: nv, Imm: 4})
			x := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: x, A: off, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
			uv := b.value(lanes.I32, lanes.Uniform)
			b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: uv, A: b.konst(lanes.I32, 4*local), B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
			y := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: y, A: x, B: b.konst(lanes.I32, 7), C: nv, M: nv})
			d1 := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: d1, A: x, B: uv, C: nv, M: nv, Imm: stride})
			d2 := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: d2, A: uv, B: x, C: nv, M: nv, Imm: stride})
			b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: d1, C: nv, M: live, Imm: 1, Imm2: 4})
			b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: d2, C: nv, M: live, Imm: 2, Imm2: 4})
			b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: y, C: nv, M: live, Imm: 3, Imm2: 4})
			b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
			// Lanes: the fixed edges, then A at the range's edges for
			// the index u (A Varying) and the indices at the range's
			// edges for the offset u (B Varying).
			k := int64(int32(u)) * stride
			lanesA := []int64{-k, -k - 1, -k + 1, 1<<32 - 2 - k, 1<<32 - 1 - k}
			lo := -(int64(u) / stride) // ceil(-u/stride)
			hi := (1<<32 - 2 - int64(u)) / stride
			lanesB := []int64{lo, lo - 1, hi, hi + 1, -1}
			vals := append([]uint32(nil), fixed...)
			for _, e := range append(lanesA, lanesB...) {
				if e >= -1<<31 && e < 1<<32 {
					vals = append(vals, uint32(e))
				}
			}
			mem := [][]byte{make([]byte, 4*local+4), make([]byte, 4*local), make([]byte, 4*local), make([]byte, 4*local)}
			for l := range local {
				binary.LittleEndian.PutUint32(mem[0][4*l:], vals[l%len(vals)])
			}
			binary.LittleEndian.PutUint32(mem[0][4*local:], u)
			gm, nm, gt, nt := runBoth(t, &b.p, mem, 1)
			if gt != nil || nt != nil {
				t.Fatalf("traps %+v %+v", gt, nt)
			}
			for r, what := range []string{"", "A varying, B uniform", "A uniform, B varying", "the cached Add"} {
				if r == 0 {
					continue
				}
				if l, ok := sameBits(lanes.I32, gm[r], nm[r]); !ok {
					t.Errorf("%s: stride %d uniform %#x lane %d (varying %#x): go %#x, native %#x", what, stride, u, l,
						vals[l%len(vals)], gm[r][4*l:4*l+4], nm[r][4*l:4*l+4])
				}
			}
		}
	}
}
