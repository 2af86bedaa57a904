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

// Chunk kinds of TestGatherHints: how a chunk's offsets and mask are made.
const (
	hintGather    = iota // spread lanes, full mask: no pattern, a gather
	hintPartial          // spread lanes, some lanes off (one of them out of bounds)
	hintDense            // contiguous words, full mask
	hintHalves           // two runs of four words
	hintBroadcast        // one offset for every lane
	hintSwap             // words i^1 of an aligned window (interleave.go)
	hintNone             // no lane active
	hintKinds
)

// TestGatherHints runs a load whose offsets take every path of the
// general dispatch, chunk after chunk in one runner, so that the gather
// hint (gatherhint.go) sends chunks of every kind down the blind path
// and back, with the hint tested before the runs of four and after:
// data and traps against the Go executor, and the hint's counter after
// the group against a model (it fails if the counter is never set,
// never decremented or never tests the patterns again, or a layout
// tests the hint in the wrong place); and dataDependent on offsets
// loaded and computed.
func TestGatherHints(t *testing.T) {
	needAMD64(t)
	for _, early := range []bool{true, false} {
		t.Run(fmt.Sprintf("early=%v", early), func(t *testing.T) { testGatherHints(t, early) })
	}
	// Which layout a load gets: the offsets loaded (halvesProg), or
	// computed from the lane (guardedLoadProg).
	p := halvesProg()
	g, _, err := generate(p)
	if err != nil {
		t.Fatal(err)
	}
	load := 0
	for i, o := range p.Ops {
		if o.Code == lanes.Load && o.Imm == 0 {
			load = i
		}
	}
	if !g.dataDependent(p.Ops[load].A) {
		t.Errorf("halvesProg's offsets come from a load, dataDependent says no")
	}
	q, load := guardedLoadProg(16, false)
	if g, _, err = generate(q); err != nil {
		t.Fatal(err)
	}
	if g.dataDependent(q.Ops[load].A) {
		t.Errorf("guardedLoadProg's offsets come from the lane id, dataDependent says yes")
	}
}

// testGatherHints is TestGatherHints with the hint tested before the
// runs of four (early: the program's offsets are loaded) or after.
func testGatherHints(t *testing.T, early bool) {
	defer func(old bool) { gatherHintsEarly = old }(gatherHintsEarly)
	gatherHintsEarly = early
	const chunks, n = 40, 4096
	p := halvesProg()
	p.Local = [3]int{chunks * chunk, 1, 1}
	k, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	run := func(name string, kinds []int, trapChunk int) {
		mem := [][]byte{make([]byte, n), make([]byte, n), make([]byte, 4*chunk*chunks), make([]byte, 4*chunk*chunks)}
		for i := range mem[0] {
			mem[0][i] = byte(i*7 + 3)
			mem[1][i] = 0x55
		}
		for c, kind := range kinds {
			base := uint32(rng.IntN(n/4-64)) * 4
			for l := range uint32(chunk) {
				var o uint32
				on := true
				switch kind {
				case hintGather, hintPartial:
					// Lanes at least 33 words apart: no window, run
					// or broadcast; stores at distinct words.
					o = 4 * (uint32(rng.IntN(32)) + 64*((uint32(c)+l)%16))
					on = kind == hintGather || l == 0 || rng.IntN(2) == 0
					if kind == hintPartial && l == 3 {
						o, on = n, false // out of bounds, but off
					}
				case hintDense:
					o = base + 4*l
				case hintHalves:
					o = base + 4*(l%4) + 128*(l/4)
				case hintBroadcast:
					o = base
				case hintSwap:
					o = base&^31 + 4*(l^1)
				case hintNone:
					o, on = n+4, false
				}
				if c == trapChunk && l == 5 {
					o, on = n-2, true // an active lane out of bounds
				}
				binary.LittleEndian.PutUint32(mem[2][4*(c*chunk+int(l)):], o)
				if on {
					binary.LittleEndian.PutUint32(mem[3][4*(c*chunk+int(l)):], 0xffffffff)
				}
			}
		}
		goMem := [][]byte{bytes.Clone(mem[0]), bytes.Clone(mem[1]), mem[2], mem[3]}
		natMem := [][]byte{bytes.Clone(mem[0]), bytes.Clone(mem[1]), mem[2], mem[3]}
		g := &lanes.Group{NumGroups: [3]uint32{1, 1, 1}}
		g.Memory = goMem
		gt := lanes.NewExec(p).RunGroup(g)
		r := k.NewRunner()
		g = &lanes.Group{NumGroups: [3]uint32{1, 1, 1}}
		g.Memory = natMem
		nt := r.RunGroup(g)
		if !reflect.DeepEqual(gt, nt) {
			t.Fatalf("%s: traps: go %+v, native %+v", name, gt, nt)
		}
		if !bytes.Equal(goMem[1], natMem[1]) {
			t.Fatalf("%s: stored words differ", name)
		}
		if trapChunk >= 0 {
			return
		}
		// The counter as the dispatch leaves it: set where a full
		// dispatch gathers, one less per blind run.
		want := int32(0)
		for _, kind := range kinds {
			switch {
			case kind == hintNone: // no lane: the op ends before the hint
			case !early && (kind == hintDense || kind == hintHalves): // runs of four, before the hint
			case want > 0:
				want--
			case kind == hintGather || kind == hintPartial:
				want = gatherHintRuns
			}
		}
		if got := r.(*runner).ctx.gatherHints[0]; got != want {
			t.Errorf("%s: the load's gather hint is %d after the group, want %d", name, got, want)
		}
	}
	all := make([]int, chunks)
	run("gathers", all, -1)
	run("gathers, a trap in a blind run", all, 5)
	run("gathers, a trap in a full run", all, gatherHintRuns+1)
	for i := range 30 {
		kinds := make([]int, chunks)
		for c := range kinds {
			kinds[c] = rng.IntN(hintKinds)
		}
		run(fmt.Sprintf("mixed %d", i), kinds, -1)
		run(fmt.Sprintf("mixed %d, trap", i), kinds, rng.IntN(chunks))
	}
}
