package jit

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// yieldProg builds: lane l loads x from buffer 0, runs w = w*3+1 for
// x&7 rounds (a Varying loop), stores w to Workgroup memory, waits at a
// barrier, reads its neighbour's w (lane (l+1) mod local) and runs a
// second loop on it (w = w*5 ^ 7 for w&3 rounds), storing the result to
// buffer 1.
func yieldProg(local int) *lanes.Program {
	b := newProg(local)
	b.region(lanes.RegionBuffer, 0)
	b.region(lanes.RegionBuffer, 0)
	b.region(lanes.RegionWorkgroup, 4*local)
	b.p.Labels, b.p.Barriers = 2, 1
	live := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
	li := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
	zero := b.konst(lanes.I32, 0)
	one := b.konst(lanes.I32, 1)
	off := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: li, C: nv, M: nv, Imm: 4})
	w := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: w, A: off, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
	loop := func(label int64, mul, and uint64, xor bool) {
		n := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.And, Kind: lanes.I32, Dst: n, A: w, B: b.konst(lanes.I32, and), C: nv, M: nv})
		b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: label})
		more := b.value(lanes.Mask, lanes.Varying)
		b.op(lanes.Op{Code: lanes.SLt, Kind: lanes.I32, Dst: more, A: zero, B: n, C: nv, M: nv})
		w2 := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Mul, Kind: lanes.I32, Dst: w2, A: w, B: b.konst(lanes.I32, mul), C: nv, M: nv})
		code := lanes.Add
		if xor {
			code = lanes.Xor
		}
		b.op(lanes.Op{Code: code, Kind: lanes.I32, Dst: w2, A: w2, B: b.konst(lanes.I32, 7), C: nv, M: nv})
		b.op(lanes.Op{Code: lanes.Select, Kind: lanes.I32, Dst: w, A: more, B: w2, C: w, M: nv})
		b.op(lanes.Op{Code: lanes.Sub, Kind: lanes.I32, Dst: n, A: n, B: one, C: nv, M: nv})
		b.op(lanes.Op{Code: lanes.JumpIfAny, Dst: nv, A: more, B: nv, C: nv, M: nv, Imm: label})
	}
	loop(0, 3, 7, false)
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: w, C: nv, M: live, Imm: 2, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Barrier, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 0})
	next := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: next, A: li, B: one, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.And, Kind: lanes.I32, Dst: next, A: next, B: b.konst(lanes.I32, uint64(local-1)), C: nv, M: nv})
	noff := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: noff, A: zero, B: next, C: nv, M: nv, Imm: 4})
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: w, A: noff, B: nv, C: nv, M: live, Imm: 2, Imm2: 4})
	loop(1, 5, 3, true)
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: w, C: nv, M: live, Imm: 1, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestYield: with a budget of one backward jump every taken back edge
// yields and the call resumes at the loop head (before and after a
// barrier, in groups of one and of two chunks); the results must be the
// Go executor's, and the calls must have yielded.
func TestYield(t *testing.T) {
	needNative(t)
	for _, budget := range []int64{1, 2, 3, 1 << 14} {
		old := SetYieldBudget(budget)
		for _, local := range []int{8, 16} {
			p := yieldProg(local)
			in := make([]byte, 4*local*3)
			for l := range len(in) / 4 {
				binary.LittleEndian.PutUint32(in[4*l:], uint32(l+1)*0x9e3779b9)
			}
			mem := [][]byte{in, make([]byte, len(in)), nil}
			before := Yields()
			gm, nm, gt, nt := runBoth(t, p, mem, 3)
			if gt != nil || nt != nil {
				t.Fatalf("budget %d, local %d: traps: go %+v, native %+v", budget, local, gt, nt)
			}
			if !bytes.Equal(gm[1], nm[1]) {
				t.Fatalf("budget %d, local %d: go %x\nnative %x", budget, local, gm[1], nm[1])
			}
			if n := Yields() - before; budget < 4 && n == 0 {
				t.Errorf("budget %d, local %d: no call yielded", budget, local)
			}
		}
		SetYieldBudget(old)
	}
}
