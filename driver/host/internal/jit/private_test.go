package jit

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// privateProg: a 64-byte private region (with initial bytes) whose every
// access is an aligned word, so it is interleaved. Lane l stores buffer
// 2's value at word (buffer 1's index & 15) under buffer 0's mask, also
// at a Uniform word (buffer 4's index), loads a word at a Varying index
// into buffer 5, then copies its 16 words to buffer 3 at l*64.
func privateProg(local int) *lanes.Program {
	b := newProg(local)
	for range 6 {
		b.region(lanes.RegionBuffer, 0)
	}
	pr := b.region(lanes.RegionPrivate, 64)
	b.p.Regions[pr].Init = make([]byte, 64)
	for i := range b.p.Regions[pr].Init {
		b.p.Regions[pr].Init[i] = byte(i * 7)
	}
	live, li := b.laneIDs()
	zero := b.konst(lanes.I32, 0)
	fifteen := b.konst(lanes.I32, 15)
	at := func(stride int64, idx lanes.Value) lanes.Value {
		off := b.value(lanes.I32, b.p.Values[idx].Shape)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: idx, C: nv, M: nv, Imm: stride})
		return off
	}
	load := func(k lanes.Kind, s lanes.Shape, r int, off, m lanes.Value) lanes.Value {
		d := b.value(k, s)
		b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: d, A: off, B: nv, C: nv, M: m, Imm: int64(r), Imm2: 4})
		return d
	}
	word := func(idx lanes.Value) lanes.Value {
		w := b.value(lanes.I32, b.p.Values[idx].Shape)
		b.op(lanes.Op{Code: lanes.And, Kind: lanes.I32, Dst: w, A: idx, B: fifteen, C: nv, M: nv})
		return at(4, w)
	}
	m := load(lanes.Mask, lanes.Varying, 0, at(4, li), live)
	b.op(lanes.Op{Code: lanes.MaskAnd, Kind: lanes.Mask, Dst: m, A: m, B: live, C: nv, M: nv})
	v := load(lanes.I32, lanes.Varying, 2, at(4, li), live)
	off := word(load(lanes.I32, lanes.Varying, 1, at(4, li), live))
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: v, C: nv, M: m, Imm: int64(pr), Imm2: 4})
	uoff := word(load(lanes.I32, lanes.Uniform, 4, zero, live))
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: uoff, B: li, C: nv, M: m, Imm: int64(pr), Imm2: 4})
	off2 := word(load(lanes.I32, lanes.Varying, 2, at(4, li), live))
	got := load(lanes.I32, lanes.Varying, pr, off2, live)
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: at(4, li), B: got, C: nv, M: live, Imm: 5, Imm2: 4})
	for w := range 16 {
		wv := load(lanes.I32, lanes.Varying, pr, b.konst(lanes.I32, uint64(4*w)), live)
		base := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: base, A: b.konst(lanes.I32, uint64(4*w)), B: li, C: nv, M: nv, Imm: 64})
		b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: base, B: wv, C: nv, M: live, Imm: 3, Imm2: 4})
	}
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestPrivateInterleaved checks the interleaved layout of private memory
// (Varying and Uniform offsets, masked stores, gathers, initial bytes)
// against the Go executor.
func TestPrivateInterleaved(t *testing.T) {
	needNative(t)
	p := privateProg(21)
	if inter := interleaved(p); !inter[6] {
		t.Fatalf("the private region is not interleaved")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 20 {
		mem := make([][]byte, 7)
		mem[0] = fill(rng, lanes.Mask, 32, 0)
		mem[1] = fill(rng, lanes.I32, 32, 0)
		mem[2] = fill(rng, lanes.I32, 32, 0)
		mem[3] = make([]byte, 64*32)
		mem[4] = fill(rng, lanes.I32, 1, 0)
		mem[5] = make([]byte, 4*32)
		agree(t, fmt.Sprintf("trial %d", trial), p, mem, 2)
	}
}

// TestPrivateRowBounds: a word stored and loaded at a Uniform offset of
// an interleaved private region (one row of the chunk's words) traps
// past the region's end as the Go executor does, and in bounds agrees
// with it: indices at and past the last word, the poison offset, a
// partial last chunk, and a mask that leaves lanes out.
func TestPrivateRowBounds(t *testing.T) {
	needNative(t)
	for _, partial := range []bool{false, true} {
		local := 64
		if partial {
			local = 61
		}
		b := newProg(local)
		for range 3 {
			b.region(lanes.RegionBuffer, 0)
		}
		pr := b.region(lanes.RegionPrivate, 64)
		live, li := b.laneIDs()
		zero := b.konst(lanes.I32, 0)
		idx := b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: idx, A: zero, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
		off := b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: idx, C: nv, M: nv, Imm: 4})
		m := b.value(lanes.Mask, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.Mask, Dst: m, A: zero, B: nv, C: nv, M: live, Imm: 2, Imm2: 4})
		mm := b.value(lanes.Mask, lanes.Varying)
		b.op(lanes.Op{Code: lanes.ULt, Kind: lanes.I32, Dst: mm, A: li, B: b.konst(lanes.I32, 40), C: nv, M: nv})
		b.op(lanes.Op{Code: lanes.Select, Kind: lanes.Mask, Dst: m, A: m, B: live, C: mm, M: nv})
		b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: li, C: nv, M: m, Imm: int64(pr), Imm2: 4})
		got := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: got, A: off, B: nv, C: nv, M: live, Imm: int64(pr), Imm2: 4})
		dst := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: dst, A: zero, B: li, C: nv, M: nv, Imm: 4})
		b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: dst, B: got, C: nv, M: live, Imm: 1, Imm2: 4})
		b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
		p := &b.p
		if !interleaved(p)[pr] {
			t.Fatal("the private region is not interleaved")
		}
		for _, i := range []uint32{0, 7, 15, 16, 17, 1000, 0xffffffff} {
			for _, full := range []bool{true, false} {
				mem := [][]byte{make([]byte, 4), make([]byte, 4*64), make([]byte, 4)}
				mem[0][0], mem[0][1], mem[0][2], mem[0][3] = byte(i), byte(i>>8), byte(i>>16), byte(i>>24)
				if full {
					mem[2] = []byte{0xff, 0xff, 0xff, 0xff}
				}
				gm, nm, gt, nt := runBoth(t, p, mem, 1)
				what := fmt.Sprintf("partial %v index %d full %v", partial, i, full)
				if fmt.Sprint(gt) != fmt.Sprint(nt) {
					t.Fatalf("%s: traps: go %+v, native %+v", what, gt, nt)
				}
				if i := firstDiff(gm[1], nm[1]); i >= 0 && gt == nil {
					t.Fatalf("%s: byte %d differs", what, i)
				}
			}
		}
	}
}
