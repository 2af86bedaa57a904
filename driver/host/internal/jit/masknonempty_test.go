package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// guardedProg stores LocalIndex+7 to buffer 0 at 4*(LocalIndex + k)
// (dense: the affine store; scattered, at 4*((LocalIndex*5) mod 16 + k):
// the general path) under m = LocalIndex < limit, after JumpIfNone m;
// with label, a Label between the jump and the store (another way in).
func guardedProg(local int, scattered, label bool) (p *lanes.Program, store int, m lanes.Value) {
	b := newProg(local)
	b.region(lanes.RegionBuffer, 0)
	b.region(lanes.RegionBuffer, 0)
	live, li := b.laneIDs()
	uni := func(at uint64) lanes.Value {
		v := b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: v, A: b.konst(lanes.I32, at), B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
		return v
	}
	k, limit := uni(0), uni(4)
	i32 := func(c lanes.Code, x, y lanes.Value) lanes.Value {
		return b.op(lanes.Op{Code: c, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: x, B: y, C: nv, M: nv})
	}
	m = b.op(lanes.Op{Code: lanes.ULt, Kind: lanes.I32, Dst: b.value(lanes.Mask, lanes.Varying), A: li, B: limit, C: nv, M: nv})
	idx := li
	if scattered {
		idx = i32(lanes.And, i32(lanes.Mul, li, b.konst(lanes.I32, 5)), b.konst(lanes.I32, 15))
	}
	off := b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: b.konst(lanes.I32, 0), B: i32(lanes.Add, idx, k), C: nv, M: nv, Imm: 4})
	val := i32(lanes.Add, li, b.konst(lanes.I32, 7))
	b.op(lanes.Op{Code: lanes.JumpIfNone, Kind: lanes.Mask, Dst: nv, A: m, B: nv, C: nv, M: nv, Imm: 0})
	if label {
		b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 1})
	}
	store = len(b.p.Ops)
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: val, C: nv, M: m, Imm: 0, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 0})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	b.p.Labels = 2
	return &b.p, store, m
}

// TestMaskNonEmpty: a store after the JumpIfNone of its mask leaves out
// the empty-mask test (masknonempty.go), not past a Label; the code
// agrees with the Go executor for empty, partial and full masks, dense
// and scattered, in bounds and trapping.
func TestMaskNonEmpty(t *testing.T) {
	needNative(t)
	for _, label := range []bool{false, true} {
		p, store, m := guardedProg(16, false, label)
		g := &gen{p: p}
		g.op = store
		if got := g.maskNonEmpty(m); got == label {
			t.Errorf("label %v: maskNonEmpty %v, want %v", label, got, !label)
		}
	}
	for _, scattered := range []bool{false, true} {
		for _, local := range []int{16, 13} {
			p, _, _ := guardedProg(local, scattered, false)
			for _, limit := range []uint32{0, 3, 8, 13, 16} {
				for _, k := range []uint32{0, 5, 0xfffffffe} {
					name := fmt.Sprintf("scattered%v/local%d/limit%d/k%#x", scattered, local, limit, k)
					mem := [][]byte{bytes.Repeat([]byte{0xaa}, 4*24), make([]byte, 8)}
					binary.LittleEndian.PutUint32(mem[1], k)
					binary.LittleEndian.PutUint32(mem[1][4:], limit)
					gm, nm, gt, nt := runBoth(t, p, mem, 2)
					if !reflect.DeepEqual(gt, nt) {
						t.Fatalf("%s: traps: go %+v, native %+v", name, gt, nt)
					}
					if !bytes.Equal(gm[0], nm[0]) {
						t.Fatalf("%s: go %x\nnative %x", name, gm[0], nm[0])
					}
				}
			}
		}
	}
}
