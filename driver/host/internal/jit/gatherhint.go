package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Gather hints. A Varying 4-byte buffer load whose offsets have no
// known Form tests its offsets at run time for the patterns that beat a
// gather (runs of four, halves.go; interleaved and permuted words,
// interleave.go; one offset for every lane), about 20 instructions and
// three taken jumps before it gathers. Where an op's offsets match none
// of them (a CSR matrix's rows, a graph's neighbours, x[cols[k]]), they
// usually match none the next time either: the pattern belongs to the
// access, not to the chunk. So each such op (the first maxGatherHints
// of a program) has a counter in ctx, per runner: the full dispatch
// sets it to gatherHintRuns where it ends in the gather, and while it
// is above 0 the op decrements it and goes straight to the bounds
// check and the gather, out of line ("blind"). Every gatherHintRuns-th
// run of the op so tests the patterns again, so an op whose offsets
// turn regular again loses at most that many runs to gathers; an op
// whose patterns match pays one compare with memory. The hint only
// chooses between paths that load the same words: the bounds check,
// its trap and the mask are those of the full dispatch.

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

// gatherHintTest jumps to blind while the op's counter at h is above 0.
func (g *gen) gatherHintTest(h int32, blind amd64.Label) {
	g.a.CMPLmemImm(amd64.M(rCtx, h), 0)
	g.a.Jcc(amd64.CondG, blind)
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
