package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Gather hints. A Varying 4-byte buffer load whose offsets have no
// known Form tests its offsets at run time for the patterns that beat a
// gather (runs of four inline, halves.go; then out of line interleaved
// and permuted words, interleave.go, and one offset for every lane),
// about 20 instructions and three taken jumps before it gathers. Where
// an op's offsets match none of them (a CSR matrix's rows, a graph's
// neighbours, x[cols[k]], a column of a row-major matrix), they usually
// match none the next time either: the pattern belongs to the access,
// not to the chunk. So each such op (the first maxGatherHints of a
// program) has a counter in ctx, per runner: the full dispatch sets it
// to gatherHintRuns where it ends in the gather, and while it is above
// 0 the op decrements it and goes straight to the bounds check and the
// gather ("blind"), skipping the patterns. Every gatherHintRuns-th run
// tests them again, so an op whose offsets turn regular again loses at
// most that many runs to gathers. Where the offsets come from loaded
// data (dataDependent) the hint is tested first; elsewhere only after
// the runs of four fail, so that contiguous and two-row accesses, the
// common case, pay nothing for it (bitonic, all runs of four, lost ~3%
// with the compare first), and the other patterns one compare with
// memory. The hint only chooses between paths that load the same
// words: the bounds check, its trap and the mask are those of the full
// dispatch.

const (
	maxGatherHints = 32
	gatherHintRuns = 16
)

// gatherHintSlot gives the current op its counter in ctx: its offset,
// or false if the program's counters are all given out.
func (g *gen) gatherHintSlot() (int32, bool) {
	if g.hintOps == nil {
		g.hintOps = map[int]int32{}
	}
	if h, ok := g.hintOps[g.op]; ok {
		return h, true
	}
	if len(g.hintOps) == maxGatherHints {
		return 0, false
	}
	h := offGatherHints + 4*int32(len(g.hintOps))
	g.hintOps[g.op] = h
	return h, true
}

// gatherHintTest compares the op's counter at h with 0 and jumps to l:
// where it is above 0 (blind), else where it is not (the full dispatch).
func (g *gen) gatherHintTest(h int32, l amd64.Label, blind bool) {
	g.a.CMPLmemImm(amd64.M(rCtx, h), 0)
	if blind {
		g.a.Jcc(amd64.CondG, l)
	} else {
		g.a.Jcc(amd64.CondLE, l)
	}
}

// gatherHintsEarly lets loads whose offsets come from loaded data test
// their hint before the runs of four (tests turn it off to cover the
// other layout with the same program).
var gatherHintsEarly = true

// dataDependent reports whether Varying offset v is computed from the
// result of a Varying load or atomic (through at most 64 values, every
// write of each): x[cols[k]], and vals[k] where k starts at a loaded
// rowptr[r]. Such offsets rarely form runs of four, so their hint is
// tested first. Only the order of the tests depends on it.
func (g *gen) dataDependent(v lanes.Value) bool {
	if g.writers == nil {
		g.writers = make([][]int32, len(g.p.Values))
		for i := range g.p.Ops {
			if d := g.p.Ops[i].Dst; d != lanes.NoValue && int(d) < len(g.writers) {
				g.writers[d] = append(g.writers[d], int32(i))
			}
		}
	}
	seen := map[lanes.Value]bool{v: true}
	work := []lanes.Value{v}
	for len(work) > 0 && len(seen) <= 64 {
		v, work = work[len(work)-1], work[:len(work)-1]
		for _, i := range g.writers[v] {
			o := &g.p.Ops[i]
			switch o.Code {
			case lanes.Load, lanes.Atomic, lanes.PhysLoad, lanes.PhysAtomic:
				return true
			}
			for _, x := range [...]lanes.Value{o.A, o.B, o.C} {
				if x != lanes.NoValue && int(x) < len(g.writers) && g.shape(x) == lanes.Varying && !seen[x] {
					seen[x] = true
					work = append(work, x)
				}
			}
		}
	}
	return false
}

// gatherHintArm sets the counter of the op whose full dispatch is being
// compiled (g.hintOff, 0: none) where that dispatch ends in a gather.
func (g *gen) gatherHintArm() {
	if g.hintOff != 0 {
		g.a.MOVLstoreImm(amd64.M(rCtx, g.hintOff), gatherHintRuns)
	}
}

// blindGather is load o's path while its hint holds: the counter
// decremented, every active lane checked in bounds (checkVector traps
// as the full dispatch does), one gather under the mask, the result as
// the other paths leave it, then on to end. Y4 holds the offsets, Y5
// and RDX the mask (some lane active).
func (g *gen) blindGather(o *lanes.Op, ac access, h int32, end amd64.Label) {
	a := &g.a
	const d0, idx, m = amd64.Y0, amd64.Y2, amd64.Y3
	a.ADDLmemImm(amd64.M(rCtx, h), -1)
	g.checkVector(ac)
	a.VPXORmem(idx, yOff, g.splat32(1<<31))
	a.VMOVDQU(m, yMask)
	a.VPGATHERDD(d0, amd64.VMem{Base: rGather, Index: idx, Scale: 1}, m)
	g.keptResult(o.Dst, end)
}
