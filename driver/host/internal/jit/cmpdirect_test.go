package jit

import (
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestDirectCompares runs the 32-bit integer compares of the register
// cache (cmpdirect.go), Eq, Ne, SLt and SLe, over every pairing of
// Varying, Uniform and constant operands (the constant first and second,
// a value with itself), at the signed range's edges, and stores every
// mask; against the Go executor, bit for bit.
func TestDirectCompares(t *testing.T) {
	needNative(t)
	b := newProg(8)
	for range 3 {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	// Three Varying inputs (lane l's words of buffer 1) and two Uniform
	// ones (words 24 and 25).
	var vary, uni []lanes.Value
	for j := range 3 {
		off := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, uint64(32*j)), B: li, C: nv, M: nv, Imm: 4})
		v := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: v, A: off, B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
		vary = append(vary, v)
	}
	for j := range 2 {
		v := b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: v, A: b.konst(lanes.I32, uint64(96+4*j)), B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
		uni = append(uni, v)
	}
	var consts []lanes.Value
	for _, k := range []uint32{0, 1, 7, math.MaxUint32, 1 << 31, 1<<31 - 1} {
		consts = append(consts, b.konst(lanes.I32, uint64(k)))
	}
	type pair struct{ a, b lanes.Value }
	var pairs []pair
	for _, x := range vary {
		for _, y := range vary {
			pairs = append(pairs, pair{x, y})
		}
		for _, y := range append(uni[:1:1], consts...) {
			pairs = append(pairs, pair{x, y}, pair{y, x})
		}
	}
	for _, x := range uni {
		for _, y := range append(uni[:2:2], consts...) {
			pairs = append(pairs, pair{x, y}, pair{y, x})
		}
	}
	pos := uint64(0)
	for _, c := range []lanes.Code{lanes.Eq, lanes.Ne, lanes.SLt, lanes.SLe} {
		for _, pr := range pairs {
			sh := lanes.Varying
			if b.p.Values[pr.a].Shape == lanes.Uniform && b.p.Values[pr.b].Shape == lanes.Uniform {
				sh = lanes.Uniform
			}
			m := b.value(lanes.Mask, sh)
			b.op(lanes.Op{Code: c, Kind: lanes.I32, Dst: m, A: pr.a, B: pr.b, C: nv, M: nv})
			off := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, pos), B: li, C: nv, M: nv, Imm: 4})
			b.op(lanes.Op{Code: lanes.Store, Kind: lanes.Mask, Dst: nv, A: off, B: m, C: nv, M: live, Imm: 2, Imm2: 4})
			pos += 32
		}
	}
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	g, _, err := generate(&b.p)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := range b.p.Ops {
		if o := &b.p.Ops[i]; isCompare(o.Code) && g.directCompare(o) {
			n++
		}
	}
	if want := 4 * len(pairs); n != want {
		t.Errorf("%d compares in the register cache, want %d", n, want)
	}
	edges := []uint32{0, 1, 7, math.MaxUint32, 1 << 31, 1<<31 - 1, 1<<31 + 1, 6, 8, 0xfffffff9}
	for round := range 3 {
		in := make([]byte, 26*4)
		for i := range 26 {
			binary.LittleEndian.PutUint32(in[4*i:], edges[(i*(round+3)+round)%len(edges)])
		}
		mem := [][]byte{nil, in, make([]byte, pos)}
		agree(t, fmt.Sprintf("round %d", round), &b.p, mem, 1, 2)
	}
}
