package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Kept runs of four. A store to the offsets a load of the same buffer
// read from (bitonic's keys[left] and keys[right], any a[f(i)] = g(a[f(i)])
// at offsets not known to be affine when compiling) checked its offsets
// twice at run time: the runs-of-four test (halves.go) and the bounds,
// ~18 instructions, the same outcome both times. Where the store follows
// the load in straight-line code (no Label, no Barrier between them,
// so every run that reaches the store ran the load in the same chunk)
// and nothing writes the offset value between them, the load keeps what
// its test found in ctx: the region's base if the test passed (0 if
// not: the load clears it first, whatever path it takes) and the two
// runs' offsets; the store takes them from there, or tests for itself
// where the load's did not pass. The offsets and the buffer's length do
// not change between the two, so the test would pass again.

// maxKeptRuns is the most loads that keep their runs.
const maxKeptRuns = 4

// keptRunsInfo is what analyzeKeptRuns found.
type keptRunsInfo struct {
	slot  map[int]int32 // load or store op -> its record's offset in ctx
	n     int32         // records given out
	armed map[int32]bool
}

// keptLoad and keptStore report whether op o could take the runs-of-four
// path (mem.go's conditions, the affine form aside: an affine access
// never keeps, so its store tests for itself).
func (g *gen) keptLoad(o *lanes.Op) bool {
	return o.Imm2 == 4 && g.isBuffer(o.Imm) && g.shape(o.Dst) == lanes.Varying &&
		g.kind(o.Dst).Bytes() == 4
}

func (g *gen) keptStore(o *lanes.Op) bool {
	return o.Imm2 == 4 && g.isBuffer(o.Imm) && g.shape(o.A) == lanes.Varying &&
		g.kind(o.B).Bytes() == 4
}

func (g *gen) isBuffer(r int64) bool {
	return r >= 0 && int(r) < len(g.p.Regions) && g.p.Regions[r].Kind == lanes.RegionBuffer
}

// analyzeKeptRuns pairs loads with the stores after them, as above: one
// pass over the ops.
func (g *gen) analyzeKeptRuns() {
	k := &g.kept
	cand := map[lanes.Value]int{} // offset value -> the last load at it
	for i := range g.p.Ops {
		o := &g.p.Ops[i]
		if g.calls != nil && g.calls[i] || o.Code == lanes.Label || o.Code == lanes.Barrier {
			if len(cand) > 0 {
				cand = map[lanes.Value]int{}
			}
			continue
		}
		switch o.Code {
		case lanes.Store:
			j, ok := cand[o.A]
			if !ok || g.p.Ops[j].Imm != o.Imm || !g.keptStore(o) {
				break
			}
			s, ok := k.slot[j]
			if !ok {
				if k.n == maxKeptRuns {
					break
				}
				if k.slot == nil {
					k.slot = map[int]int32{}
				}
				s = offKeptRuns + 16*k.n
				k.n++
				k.slot[j] = s
			}
			k.slot[i] = s
		}
		if o.Dst != lanes.NoValue {
			delete(cand, o.Dst)
		}
		if o.Code == lanes.Load && g.keptLoad(o) {
			cand[o.A] = i
		}
	}
}

// keptRunsClear starts a keeping load: its record says "not passed".
func (g *gen) keptRunsClear() {
	s, ok := g.kept.slot[g.op]
	if !ok {
		return
	}
	if g.kept.armed == nil {
		g.kept.armed = map[int32]bool{}
	}
	g.kept.armed[s] = true
	g.a.MOVQstoreImm(amd64.M(rCtx, s), 0)
}

// keptRunsKeep records the runs halvesFast passed (base in R8, offsets
// in RCX and RAX).
func (g *gen) keptRunsKeep() {
	s, ok := g.kept.slot[g.op]
	if !ok {
		return
	}
	a := &g.a
	a.MOVQstore(amd64.M(rCtx, s), rBase)
	a.MOVLstore(amd64.M(rCtx, s+8), rOff)
	a.MOVLstore(amd64.M(rCtx, s+12), rVal)
}

// keptOrHalvesFast is halvesFast for a store, which takes its load's
// record where the load's test passed.
func (g *gen) keptOrHalvesFast(ac access, slow amd64.Label) {
	s, ok := g.kept.slot[g.op]
	if !ok || !g.kept.armed[s] {
		g.halvesFast(ac, slow)
		return
	}
	a := &g.a
	test, done := a.NewLabel(), a.NewLabel()
	a.MOVQload(rBase, amd64.M(rCtx, s))
	a.TESTQ(rBase, rBase)
	a.Jcc(amd64.CondE, test)
	a.MOVLload(rOff, amd64.M(rCtx, s+8))
	a.MOVLload(rVal, amd64.M(rCtx, s+12))
	a.JMP(done)
	a.Bind(test)
	g.halvesFast(ac, slow)
	a.Bind(done)
}
