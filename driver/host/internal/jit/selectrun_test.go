package jit

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// selectRunProg blends three values (I64, I32, I64) into themselves under
// the mask of buffer 0, new values from buffer 1, old ones from buffer 2,
// then a fourth Select reads a blended value as its new value; the
// results go to buffer 3.
func selectRunProg(local int) *lanes.Program {
	b := newProg(local)
	for range 4 {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	zero := b.konst(lanes.I32, 0)
	at := func(stride, base int64) lanes.Value {
		c := b.konst(lanes.I32, uint64(base))
		if base == 0 {
			c = zero
		}
		off := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: c, B: li, C: nv, M: nv, Imm: stride})
		return off
	}
	load := func(k lanes.Kind, r int, off lanes.Value) lanes.Value {
		d := b.value(k, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: d, A: off, B: nv, C: nv, M: live, Imm: int64(r), Imm2: int64(k.Bytes())})
		return d
	}
	m := load(lanes.Mask, 0, at(4, 0))
	kinds := []lanes.Kind{lanes.I64, lanes.I32, lanes.I64, lanes.I64}
	var olds []lanes.Value
	var news []lanes.Value
	for i, k := range kinds {
		news = append(news, load(k, 1, at(32, int64(8*i))))
		olds = append(olds, load(k, 2, at(32, int64(8*i))))
	}
	news[3] = olds[0] // reads a value blended earlier in the run
	for i, k := range kinds {
		b.op(lanes.Op{Code: lanes.Select, Kind: k, Dst: olds[i], A: m, B: news[i], C: olds[i], M: nv})
	}
	for i, k := range kinds {
		b.op(lanes.Op{Code: lanes.Store, Kind: k, Dst: nv, A: at(32, int64(8*i)), B: olds[i], C: nv, M: live, Imm: 3, Imm2: int64(k.Bytes())})
	}
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestSelectRun runs a run of Selects under masks with no lane, every
// lane and some lanes set, in full and partial chunks, against the Go
// executor.
func TestSelectRun(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(7, 8))
	for _, local := range []int{8, 16, 13} {
		p := selectRunProg(local)
		for mode := range 3 {
			mem := [][]byte{make([]byte, 4*local), make([]byte, 32*local), make([]byte, 32*local), make([]byte, 32*local)}
			for l := range local {
				var m uint32
				switch {
				case mode == 1, mode == 2 && rng.IntN(2) == 0:
					m = 0xffffffff
				}
				binary.LittleEndian.PutUint32(mem[0][4*l:], m)
			}
			for i := range mem[1] {
				mem[1][i], mem[2][i] = byte(rng.Uint32()), byte(rng.Uint32())
			}
			agree(t, fmt.Sprintf("local%d/mode%d", local, mode), p, mem, 2, 3)
		}
	}
}
