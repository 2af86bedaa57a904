package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// keptProg loads a word of buffer 0 at each lane's offset (read from
// buffer 2) under the mask read from buffer 3, adds one and stores it
// back at the same offsets under the mask read from buffer 4 (7 where
// the load's mask has no lane): a load
// whose runs-of-four test a store takes over (keptruns.go).
func keptProg(local int) *lanes.Program {
	b := newProg(local)
	for range 5 {
		b.region(lanes.RegionBuffer, 0)
	}
	live := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
	li := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
	at := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: at, A: b.konst(lanes.I32, 0), B: li, C: nv, M: nv, Imm: 4})
	word := func(k lanes.Kind, r int64) lanes.Value {
		v := b.value(k, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: v, A: at, B: nv, C: nv, M: live, Imm: r, Imm2: 4})
		return v
	}
	off, m1, m2 := word(lanes.I32, 2), word(lanes.Mask, 3), word(lanes.Mask, 4)
	v := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: v, A: off, B: nv, C: nv, M: m1, Imm: 0, Imm2: 4})
	// Lanes outside the load's mask loaded nothing defined: they store 7.
	w := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: w, A: v, B: b.konst(lanes.I32, 1), C: nv, M: nv})
	s := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Select, Kind: lanes.I32, Dst: s, A: m1, B: w, C: b.konst(lanes.I32, 7), M: nv})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: s, C: nv, M: m2, Imm: 0, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestKeptRuns runs a load and a store at the same offsets against the
// Go executor, data and traps, with each chunk's offsets two runs of
// four or not (so a chunk after one whose load kept its runs must test
// for itself), runs at the buffer's end and one word past it, and the
// two masks full, partial or empty independently (a store whose load
// had no lane tests its own offsets and traps where they are out of
// bounds).
func TestKeptRuns(t *testing.T) {
	needNative(t)
	g, _, err := generate(keptProg(16))
	if err != nil {
		t.Fatal(err)
	}
	if g.kept.n != 1 || len(g.kept.slot) != 2 {
		t.Fatalf("%d records, %d ops keep runs; want the load and the store sharing one", g.kept.n, len(g.kept.slot))
	}
	const n = 256
	rng := rand.New(rand.NewPCG(7, 8))
	p := keptProg(16)
	starts := []uint32{0, 4, 100, n - 16, n - 12, n - 8, n - 4, n}
	for trial := range 3000 {
		mem := [][]byte{make([]byte, n), nil, make([]byte, 64), make([]byte, 64), make([]byte, 64)}
		for i := range mem[0] {
			mem[0][i] = byte(i*7 + 1)
		}
		desc := ""
		for c := range 2 {
			a, b := starts[rng.IntN(len(starts))], starts[rng.IntN(len(starts))]
			mode := rng.IntN(3) // runs, a broken run, a gather
			for l := range 8 {
				o := a + uint32(4*l)
				if l >= 4 {
					o = b + uint32(4*(l-4))
				}
				if mode == 1 && l == 2 {
					o += 4
				}
				if mode == 2 {
					o = uint32(4 * rng.IntN(n/4))
				}
				binary.LittleEndian.PutUint32(mem[2][4*(8*c+l):], o)
			}
			masks := [2]int{rng.IntN(3), rng.IntN(3)} // full, partial, none
			for k, mk := range masks {
				for l := range 8 {
					if mk == 0 || mk == 1 && rng.IntN(2) == 0 {
						binary.LittleEndian.PutUint32(mem[3+k][4*(8*c+l):], 0xffffffff)
					}
				}
			}
			desc += fmt.Sprintf(" chunk %d: runs %d %d mode %d masks %v;", c, a, b, mode, masks)
		}
		gm, nm, gt, nt := runBoth(t, p, mem, 2)
		if !reflect.DeepEqual(gt, nt) {
			t.Fatalf("trial %d%s traps: go %+v, native %+v", trial, desc, gt, nt)
		}
		// After a trap the buffer is not compared: the Go executor stores
		// the lanes before the failing one, native code none (as before
		// this mechanism).
		if gt == nil && !bytes.Equal(gm[0], nm[0]) {
			t.Fatalf("trial %d%s go %x\nnative %x", trial, desc, gm[0], nm[0])
		}
	}
}
