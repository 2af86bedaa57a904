package jit

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestFMinMaxConst checks FMin and FMax of an F32 operand and a constant
// (fminmax32's one-instruction form where the constant allows it, the
// general code where it does not: NaN, the zero the op would not pick)
// against the Go executor, on every special operand, with the constant
// first and second.
func TestFMinMaxConst(t *testing.T) {
	needNative(t)
	var ops []uint32
	for _, f := range specialF32 {
		ops = append(ops, math.Float32bits(f))
	}
	ops = append(ops, 0x7fc00001, 0xffc00000, 0x7f800001, 0x00000001, 0x80000001)
	consts := []uint32{0, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x80000001}
	for _, code := range []lanes.Code{lanes.FMin, lanes.FMax} {
		for _, k := range consts {
			for _, first := range []bool{false, true} {
				b := newProg(64)
				for range 4 {
					b.region(lanes.RegionBuffer, 0)
				}
				live, li := b.laneIDs()
				zero := b.konst(lanes.I32, 0)
				off := b.value(lanes.I32, lanes.Varying)
				b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: li, C: nv, M: nv, Imm: 4})
				x := b.value(lanes.F32, lanes.Varying)
				b.op(lanes.Op{Code: lanes.Load, Kind: lanes.F32, Dst: x, A: off, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
				c := b.konst(lanes.F32, uint64(k))
				A, B := x, c
				if first {
					A, B = c, x
				}
				d := b.value(lanes.F32, lanes.Varying)
				b.op(lanes.Op{Code: code, Kind: lanes.F32, Dst: d, A: A, B: B, C: nv, M: nv})
				b.op(lanes.Op{Code: lanes.Store, Kind: lanes.F32, Dst: nv, A: off, B: d, C: nv, M: live, Imm: 3, Imm2: 4})
				b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
				mem := make([][]byte, 4)
				mem[0] = make([]byte, 4*64)
				for l := range 64 {
					binary.LittleEndian.PutUint32(mem[0][4*l:], ops[l%len(ops)])
				}
				mem[3] = make([]byte, 4*64)
				gm, nm, gt, nt := runBoth(t, &b.p, mem, 1)
				if gt != nil || nt != nil {
					t.Fatalf("%v %#x: traps: go %+v native %+v", code, k, gt, nt)
				}
				if l, ok := sameBits(lanes.F32, gm[3], nm[3]); !ok {
					t.Errorf("%v const %#x first=%v: operand %#x: go %x, native %x", code, k, first,
						ops[l%len(ops)], gm[3][4*l:4*l+4], nm[3][4*l:4*l+4])
				}
			}
		}
	}
}
