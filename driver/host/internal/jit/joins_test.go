package jit

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestJoinCache: values cached before a forward jump, one of them
// rewritten on the way that falls through, read after the label; and a
// loop head (a backward target) reading a value rewritten in the loop.
// Taken and not taken, against the Go executor.
func TestJoinCache(t *testing.T) {
	needNative(t)
	b := newProg(8)
	for range 3 {
		b.region(lanes.RegionBuffer, 0)
	}
	b.p.Labels = 2
	live, li := b.laneIDs()
	zero := b.konst(lanes.I32, 0)
	one := b.konst(lanes.I32, 1)
	off := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: li, C: nv, M: nv, Imm: 4})
	m := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.Mask, Dst: m, A: off, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
	x := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: x, A: off, B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
	w := b.value(lanes.I32, lanes.Varying)
	u := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: w, A: x, B: one, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Xor, Kind: lanes.I32, Dst: u, A: x, B: w, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.JumpIfNone, Dst: nv, A: m, B: nv, C: nv, M: nv, Imm: 0})
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: w, A: w, B: w, C: nv, M: nv})
	// Enough temporaries to move every cache entry on this way only.
	for i := range 12 {
		tv := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: tv, A: x, B: b.konst(lanes.I32, uint64(i+2)), C: nv, M: nv})
		b.op(lanes.Op{Code: lanes.Xor, Kind: lanes.I32, Dst: u, A: u, B: tv, C: nv, M: nv})
	}
	b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 0})
	// A loop: w = w*3 + u while the count (x's low bits, Uniform-free)
	// masks any lane; the head is a backward target.
	n := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.And, Kind: lanes.I32, Dst: n, A: x, B: b.konst(lanes.I32, 3), C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 1})
	go1 := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.SLt, Kind: lanes.I32, Dst: go1, A: zero, B: n, C: nv, M: nv})
	w2 := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Mul, Kind: lanes.I32, Dst: w2, A: w, B: b.konst(lanes.I32, 3), C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: w2, A: w2, B: u, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Select, Kind: lanes.I32, Dst: w, A: go1, B: w2, C: w, M: nv})
	b.op(lanes.Op{Code: lanes.Sub, Kind: lanes.I32, Dst: n, A: n, B: one, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.JumpIfAny, Dst: nv, A: go1, B: nv, C: nv, M: nv, Imm: 1})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: w, C: nv, M: live, Imm: 2, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: w, C: nv, M: live, Imm: 2, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	for _, taken := range []bool{false, true} {
		mem := [][]byte{make([]byte, 32), make([]byte, 32), make([]byte, 32)}
		for l := range 8 {
			if !taken && l == 3 {
				binary.LittleEndian.PutUint32(mem[0][4*l:], 0xffffffff)
			}
			binary.LittleEndian.PutUint32(mem[1][4*l:], uint32(l*0x9e3779b9))
		}
		agree(t, fmt.Sprintf("taken %v", taken), &b.p, mem, 1, 2)
	}
}
