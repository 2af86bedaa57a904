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

// guardedLoadProg loads the word of buffer 0 at 4*((LocalIndex*5) mod
// 16) (no Form: the general path) under m = LocalIndex < limit, after
// JumpIfNone m (with label, a Label between), and stores it to buffer 2
// at 4*LocalIndex under m.
func guardedLoadProg(local int, label bool) (p *lanes.Program, load int) {
	b := newProg(local)
	for range 3 {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	limit := b.value(lanes.I32, lanes.Uniform)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: limit, A: b.konst(lanes.I32, 0), B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
	i32 := func(c lanes.Code, x, y lanes.Value) lanes.Value {
		return b.op(lanes.Op{Code: c, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: x, B: y, C: nv, M: nv})
	}
	m := b.op(lanes.Op{Code: lanes.ULt, Kind: lanes.I32, Dst: b.value(lanes.Mask, lanes.Varying), A: li, B: limit, C: nv, M: nv})
	idx := i32(lanes.And, i32(lanes.Mul, li, b.konst(lanes.I32, 5)), b.konst(lanes.I32, 15))
	off := b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: b.konst(lanes.I32, 0), B: idx, C: nv, M: nv, Imm: 4})
	at := b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: b.konst(lanes.I32, 0), B: li, C: nv, M: nv, Imm: 4})
	b.op(lanes.Op{Code: lanes.JumpIfNone, Kind: lanes.Mask, Dst: nv, A: m, B: nv, C: nv, M: nv, Imm: 0})
	if label {
		b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 1})
	}
	load = len(b.p.Ops)
	v := b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: off, B: nv, C: nv, M: m, Imm: 0, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: at, B: v, C: nv, M: m, Imm: 2, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 0})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	b.p.Labels = 2
	return &b.p, load
}

// TestMaskNonEmptyLoads: a load after the JumpIfNone of its mask leaves
// out the empty-mask test (TEST EDX, EDX; JE) in its straight line, not
// past a Label, and agrees with the Go executor for empty, partial and
// full masks.
func TestMaskNonEmptyLoads(t *testing.T) {
	needNative(t)
	testJE := []byte{0x85, 0xd2, 0x0f, 0x84} // TEST EDX, EDX; JE rel32
	for _, label := range []bool{false, true} {
		p, load := guardedLoadProg(16, label)
		g, code, err := generate(p)
		if err != nil {
			t.Fatal(err)
		}
		code = code[g.opStart[load]:g.opStart[load+1]]
		if got := bytes.Contains(code, testJE); got != label {
			t.Errorf("label %v: the load tests for an empty mask: %v, want %v", label, got, label)
		}
	}
	for _, local := range []int{16, 13} {
		p, _ := guardedLoadProg(local, false)
		for _, limit := range []uint32{0, 3, 8, 13, 16} {
			mem := [][]byte{make([]byte, 64), make([]byte, 4), bytes.Repeat([]byte{0xaa}, 4*16)}
			for i := range mem[0] {
				mem[0][i] = byte(i*5 + 1)
			}
			binary.LittleEndian.PutUint32(mem[1], limit)
			gm, nm, gt, nt := runBoth(t, p, mem, 2)
			if !reflect.DeepEqual(gt, nt) {
				t.Fatalf("local%d/limit%d: traps: go %+v, native %+v", local, limit, gt, nt)
			}
			if !bytes.Equal(gm[2], nm[2]) {
				t.Fatalf("local%d/limit%d: go %x\nnative %x", local, limit, gm[2], nm[2])
			}
		}
	}
}
