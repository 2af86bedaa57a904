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

// TestFMinMaxNaNs: FMin and FMax of two NaNs give B (fmath.Min checks A
// first), and of a NaN and a number the number, bit for bit (sameBits
// lets any NaN match any NaN, so TestOps cannot tell): NaNs of both signs
// and payloads, quiet and signaling, Varying and Uniform.
func TestFMinMaxNaNs(t *testing.T) {
	needNative(t)
	nans32 := []uint32{0x7fc00000, 0xffc00000, 0x7f800001, 0xff812345, 0x7fd00001, 0x3f800000, 0xbf800000, 0}
	nans64 := []uint64{0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001, 0xfff0001234567890, 0x7ff4000000000001, 0x3ff0000000000000, 0x8000000000000000, 0}
	for _, k := range []lanes.Kind{lanes.F32, lanes.F64} {
		for _, code := range []lanes.Code{lanes.FMin, lanes.FMax} {
			c := opCase{code: code, kind: k, dk: k, nargs: 2, argK: [3]lanes.Kind{k, k, k}}
			n := 64 * k.Bytes()
			mem := [][]byte{make([]byte, n), make([]byte, n), nil, make([]byte, n)}
			for l := range 64 {
				i, j := l%8, l/8
				if k == lanes.F32 {
					binary.LittleEndian.PutUint32(mem[0][4*l:], nans32[i])
					binary.LittleEndian.PutUint32(mem[1][4*l:], nans32[j])
				} else {
					binary.LittleEndian.PutUint64(mem[0][8*l:], nans64[i])
					binary.LittleEndian.PutUint64(mem[1][8*l:], nans64[j])
				}
			}
			for uni := range 4 {
				p := buildOpProg(c, uni, 64)
				gm, nm, gt, nt := runBoth(t, p, mem, 1)
				if gt != nil || nt != nil {
					t.Fatalf("%v: traps %v %v", c, gt, nt)
				}
				if i := firstDiff(gm[3], nm[3]); i >= 0 {
					l := i / k.Bytes() * k.Bytes()
					t.Errorf("%v uni=%b: byte %d: go %x, native %x", c, uni, i, gm[3][l:l+k.Bytes()], nm[3][l:l+k.Bytes()])
				}
			}
		}
	}
}
