package jit

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestTableLookups: T-table style loads, T[x >> 24] and T[(x >> 16) &
// 0xff] (offsets bounded by ranges.go: no range checks in Index, one
// compare per chunk in Load), and T'[(x & 0xff)*3 + 5] from a stride
// that is no power of two; from a table that holds every bounded offset
// (the gather alone), from one that does not but whose lanes stay in it
// (the general load), and from one some active lane leaves (a trap);
// under a partial mask. Against the Go executor: results and traps.
func TestTableLookups(t *testing.T) {
	needNative(t)
	b := newProg(16)
	for range 4 {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	zero := b.konst(lanes.I32, 0)
	val := func(c lanes.Code, k lanes.Kind, x, y lanes.Value, imm int64) lanes.Value {
		d := b.value(k, lanes.Varying)
		b.op(lanes.Op{Code: c, Kind: lanes.I32, Dst: d, A: x, B: y, C: nv, M: nv, Imm: imm})
		return d
	}
	at := val(lanes.Index, lanes.I32, zero, li, 4)
	m := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.Mask, Dst: m, A: at, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
	x := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: x, A: at, B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
	load := func(off lanes.Value) lanes.Value {
		d := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: d, A: off, B: nv, C: nv, M: m, Imm: 2, Imm2: 4})
		return d
	}
	hi := val(lanes.ShrU, lanes.I32, x, b.konst(lanes.I32, 24), 0)
	t0 := load(val(lanes.Index, lanes.I32, zero, hi, 4))
	mid := val(lanes.And, lanes.I32, val(lanes.ShrU, lanes.I32, x, b.konst(lanes.I32, 16), 0), b.konst(lanes.I32, 0xff), 0)
	t1 := load(val(lanes.Index, lanes.I32, zero, mid, 4))
	lo := val(lanes.And, lanes.I32, x, b.konst(lanes.I32, 0xff), 0)
	t2 := load(val(lanes.Index, lanes.I32, b.konst(lanes.I32, 5), lo, 3))
	sum := val(lanes.Xor, lanes.I32, val(lanes.Xor, lanes.I32, t0, t1, 0), t2, 0)
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: at, B: sum, C: nv, M: m, Imm: 3, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})

	// The Index ops compile without their range checks.
	g, _, err := generate(&b.p)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range b.p.Ops {
		if o.Code == lanes.Index && o.B != li && !g.directIndex(&b.p.Ops[i]) {
			t.Errorf("op %d: Index of a bounded index not direct", i)
		}
	}

	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		name    string
		table   int    // bytes
		xmask   uint32 // x's bits
		partial bool
	}{
		{"whole table", 1024, 0xffffffff, false},
		{"whole table, partial mask", 1024, 0xffffffff, true},
		{"short table, lanes inside", 512, 0x7f7f007f, false},
		{"short table, a lane outside", 512, 0x7fff007f, false},
		{"short table, outside lanes masked", 600, 0xffffffff, true},
		{"one byte short", 1023, 0xffffffff, false},
	} {
		for rep := range 4 {
			mem := [][]byte{make([]byte, 64), make([]byte, 64), make([]byte, c.table), make([]byte, 64)}
			for l := range 16 {
				on := !c.partial || rng.IntN(2) == 0
				xv := rng.Uint32() & c.xmask
				if c.name == "short table, outside lanes masked" {
					// Active lanes index inside 600 bytes; the others anywhere.
					if on {
						xv &= 0x1f1f0018
					}
				}
				if c.name == "one byte short" && l == 0 {
					xv = 0xff000000 // T[255]'s last byte is not there
				}
				if on {
					binary.LittleEndian.PutUint32(mem[0][4*l:], 0xffffffff)
				}
				binary.LittleEndian.PutUint32(mem[1][4*l:], xv)
			}
			for i := range mem[2] {
				mem[2][i] = byte(rng.Uint32())
			}
			gm, nm, gt, nt := runBoth(t, &b.p, mem, 1)
			if (gt == nil) != (nt == nil) || (gt != nil && *gt != *nt) {
				t.Fatalf("%s %d: traps: go %+v, native %+v", c.name, rep, gt, nt)
			}
			if (c.name == "short table, a lane outside" || c.name == "one byte short") && gt == nil && rep == 0 {
				t.Errorf("%s: no trap", c.name)
			}
			if !bytes.Equal(gm[3], nm[3]) {
				t.Fatalf("%s %d: go %x\nnative %x", c.name, rep, gm[3], nm[3])
			}
		}
	}
}

// TestPrivateQwords: a private ulong[16] (8-byte accesses: not
// interleaved) written at Varying and bounded Uniform indexes under a
// partial mask, then read back at bounded Uniform indexes (privateQword:
// scalar loads, no check) and at a Uniform index with no bound (scalar
// loads after one compare; the general load, which traps, past the
// region); against the Go executor.
func TestPrivateQwords(t *testing.T) {
	needNative(t)
	b := newProg(16)
	for range 4 {
		b.region(lanes.RegionBuffer, 0)
	}
	pr := b.region(lanes.RegionPrivate, 128)
	b.p.Regions[pr].Init = make([]byte, 128)
	for i := range b.p.Regions[pr].Init {
		b.p.Regions[pr].Init[i] = byte(i*5 + 1)
	}
	live, li := b.laneIDs()
	zero := b.konst(lanes.I32, 0)
	idx := func(base uint64, stride int64, v lanes.Value) lanes.Value {
		d := b.value(lanes.I32, b.p.Values[v].Shape)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: d, A: b.konst(lanes.I32, base), B: v, C: nv, M: nv, Imm: stride})
		return d
	}
	and15 := func(v lanes.Value) lanes.Value {
		d := b.value(lanes.I32, b.p.Values[v].Shape)
		b.op(lanes.Op{Code: lanes.And, Kind: lanes.I32, Dst: d, A: v, B: b.konst(lanes.I32, 15), C: nv, M: nv})
		return d
	}
	m := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.Mask, Dst: m, A: idx(0, 4, li), B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
	x := b.value(lanes.I64, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I64, Dst: x, A: idx(0, 8, li), B: nv, C: nv, M: live, Imm: 1, Imm2: 8})
	u := b.value(lanes.I32, lanes.Uniform)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: u, A: zero, B: nv, C: nv, M: live, Imm: 2, Imm2: 4})
	// W[li & 15] = x under m; W[u & 15] = x + 1 under m.
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I64, Dst: nv, A: idx(0, 8, and15(li)), B: x, C: nv, M: m, Imm: int64(pr), Imm2: 8})
	x1 := b.value(lanes.I64, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I64, Dst: x1, A: x, B: b.konst(lanes.I64, 1), C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I64, Dst: nv, A: idx(0, 8, and15(u)), B: x1, C: nv, M: m, Imm: int64(pr), Imm2: 8})
	// out[l*18 + w] = W[w] for w < 16 (constant offsets), then W[(u+3)&15]
	// and W[u] read unbounded (u < 16 in the data).
	out := func(w uint64, v lanes.Value) {
		b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I64, Dst: nv, A: idx(8*w, 18*8, li), B: v, C: nv, M: live, Imm: 3, Imm2: 8})
	}
	load := func(off lanes.Value) lanes.Value {
		d := b.value(lanes.I64, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I64, Dst: d, A: off, B: nv, C: nv, M: live, Imm: int64(pr), Imm2: 8})
		return d
	}
	for w := range 16 {
		out(uint64(w), load(b.konst(lanes.I32, uint64(8*w))))
	}
	u3 := b.value(lanes.I32, lanes.Uniform)
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: u3, A: u, B: b.konst(lanes.I32, 3), C: nv, M: nv})
	out(16, load(idx(0, 8, and15(u3))))
	out(17, load(idx(0, 8, u)))
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})

	g, _, err := generate(&b.p)
	if err != nil {
		t.Fatal(err)
	}
	fast, bounded := 0, 0
	for i := range b.p.Ops {
		if pa, ok := g.privateUniform(&b.p.Ops[i]); ok {
			fast++
			if pa.bounded {
				bounded++
			}
		}
	}
	if fast != 18 || bounded != 17 {
		t.Errorf("%d loads take the scalar path, %d with no check; want 18, 17", fast, bounded)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for rep := range 12 {
		mem := [][]byte{fill(rng, lanes.Mask, 16, 0), fill(rng, lanes.I64, 16, 0), make([]byte, 4), make([]byte, 16*18*8)}
		u := uint32(rng.IntN(16))
		if rep >= 10 {
			u = 6 + uint32(rep) // W[16], W[17]: past the region, a trap
		}
		binary.LittleEndian.PutUint32(mem[2], u)
		gm, nm, gt, nt := runBoth(t, &b.p, mem, 2)
		if (gt == nil) != (nt == nil) || gt != nil && *gt != *nt || (gt == nil) != (rep < 10) {
			t.Fatalf("rep %d: traps %+v %+v", rep, gt, nt)
		}
		if !bytes.Equal(gm[3], nm[3]) {
			t.Fatalf("rep %d: go %x\nnative %x", rep, gm[3], nm[3])
		}
	}
}
