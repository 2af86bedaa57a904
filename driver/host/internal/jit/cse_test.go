package jit

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestCSE: equal pure ops share one computation, but not across a write
// of an operand, a load into one, or a label; against the Go executor.
func TestCSE(t *testing.T) {
	needNative(t)
	b := newProg(16)
	for range 3 {
		b.region(lanes.RegionBuffer, 0)
	}
	b.p.Labels = 1
	live, li := b.laneIDs()
	at := func(base uint64) lanes.Value {
		off := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, base), B: li, C: nv, M: nv, Imm: 4})
		return off
	}
	x := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: x, A: at(0), B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
	y := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: y, A: at(0), B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
	add := func() lanes.Value {
		d := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Mul, Kind: lanes.I32, Dst: d, A: x, B: y, C: nv, M: nv})
		return d
	}
	store := func(v lanes.Value, k uint64) {
		b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: at(64 * k), B: v, C: nv, M: live, Imm: 2, Imm2: 4})
	}
	store(add(), 0)
	store(add(), 1) // equal: shared
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: x, A: x, B: y, C: nv, M: nv})
	store(add(), 2) // x written: recomputed
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: y, A: at(0), B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
	store(add(), 3) // y loaded again: recomputed
	b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 0})
	store(add(), 4) // after a label
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	// The Mul is computed four times, not five.
	_, code, err := generate(&b.p)
	if err != nil {
		t.Fatal(err)
	}
	if n := countVPMULLD(code); n != 4 {
		t.Errorf("%d multiplications, want 4", n)
	}
	rng := rand.New(rand.NewPCG(13, 14))
	for trial := range 5 {
		mem := [][]byte{fill(rng, lanes.I32, 16, 0), fill(rng, lanes.I32, 16, 0), make([]byte, 5*64)}
		agree(t, fmt.Sprintf("trial %d", trial), &b.p, mem, 1, 2)
	}
}

// countVPMULLD counts the 256-bit VPMULLDs in code, whatever their
// registers (emit32 multiplies Y0 by Y1, the register cache any two):
// a three-byte VEX prefix of map 0F38 with L = 1 and pp = 66, then the
// opcode 0x40.
func countVPMULLD(code []byte) int {
	n := 0
	for i := 0; i+3 < len(code); i++ {
		if code[i] == 0xc4 && code[i+1]&0x1f == 2 && code[i+2]&7 == 5 && code[i+3] == 0x40 {
			n++
		}
	}
	return n
}
