package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Sub-groups that meet in native code. subgroup.go's runner computes the
// Subgroup ops after a SubgroupSync in Go, once per pass over the chunks.
// In the common case, the one that costs (every chunk of a sub-group
// reaches the same sync, as in converged code and uniform loops), the
// code does it itself, at the sync of the sub-group's last chunk:
//
//   - the chunk stores its resume point (as at a Barrier), then looks at
//     the resume points of the sub-group's other chunks, which ran before
//     it in this pass: each must be at this sync or have ended (held
//     chunks point at sgHeld, a different address; chunks elsewhere mean
//     the sub-group diverged, and the runner schedules it as before);
//   - this is exactly when lanes.ScheduleSubgroups would let these
//     chunks meet here at the pass's end (their stop is the sub-group's
//     earliest), so the code computes the Subgroup ops over their lanes,
//     in lanes/subgroupeval.go's order, and runs the sub-group's first
//     chunk on from its resume point (the others follow by the chunk
//     loop's dispatch) instead of the next sub-group.
//
// Sub-groups thus run ahead of one another between the runner's passes;
// only a program with races between sub-groups (undefined) could tell.
//
// The lanes are gathered into ctx.imgScratch (no image op is under way
// at a sync): per lane of the sub-group its activity (all ones or zero),
// the operand and the lane id operand; an op's results go there too and
// a masked store per chunk writes the active lanes of its Dst, after
// every read, as the Go evaluation does (Dst may share a dead operand's
// slot). The lane loops are scalar and in lane order, so reductions and
// scans associate as groupop's left fold from the identity does.

// Scratch rows (uint32 lanes) in ctx.imgScratch.
const (
	sgActRow = 0                             // activity
	sgARow   = lanes.SubgroupSize            // operand A
	sgBRow   = 2 * lanes.SubgroupSize        // operand B (lane id, delta, mask)
	sgOutRow = 3 * lanes.SubgroupSize        // results
	sgRows   = 4 * lanes.SubgroupSize        // lanes used
	sgChunks = lanes.SubgroupSize / chunk    // chunks of a sub-group
	sgLast   = int32(sgChunks - 1)           // index in its sub-group of a sub-group's last chunk
	_        = uint(20*chunk - sgRows)       // imgScratch holds them
	_        = uint(lanes.SubgroupSize - 32) // bit masks of a sub-group fit 32 bits
)

// Registers of the meeting code (the register cache is empty at a sync).
const (
	sgFrame = amd64.R8  // the sub-group's first frame
	sgInfo  = amd64.R9  // its first chunkInfo
	sgIn    = amd64.R10 // bit j: the sub-group's chunk j takes part
	sgLane  = amd64.RCX // the lane loops' lane
)

// sgScratch is lane l of scratch row r in ctx.
func sgScratch(r int, l int32) amd64.Mem { return amd64.M(rCtx, offImgScratch+int32(r+int(l))*4) }

// sgScratchAt is scratch row r at lane sgLane+l.
func sgScratchAt(r int) amd64.Mem { return amd64.MI(rCtx, sgLane, 4, offImgScratch+int32(r)*4) }

// sgMeetable reports whether the Subgroup ops after SubgroupSync op i all
// have native code here (an empty run too: a sub_group_barrier, a loop's
// back edge).
func (g *gen) sgMeetable(i int) bool {
	p := g.p
	if p.Chunk != chunk || chunk*sgChunks != lanes.SubgroupSize {
		return false
	}
	for j := i + 1; j < len(p.Ops) && p.Ops[j].Code == lanes.Subgroup; j++ {
		if !sgNative(p, &p.Ops[j]) {
			return false
		}
	}
	return true
}

// sgFour reports whether v is a value of 4-byte lanes.
func sgFour(p *lanes.Program, v lanes.Value) bool {
	return v != lanes.NoValue && p.Values[v].Kind.Bytes() == 4
}

// emitSyncMeet compiles SubgroupSync op i (resume number k): a Barrier's
// stop, then, at a sub-group's last chunk, the meeting described above.
func (g *gen) emitSyncMeet(i, k int) {
	a := &g.a
	p := g.p
	stride := int32(frameStride(p, g.frameSize))
	n := int32(numChunks(p))
	if !g.sgHeldSet {
		g.sgHeld, g.sgHeldSet = a.NewLabel(), true
		g.cold = append(g.cold, func() {
			a.Bind(g.sgHeld)
			a.JMP(g.nextChunk)
		})
	}
	a.LEAQlabel(amd64.RAX, g.resumes[k])
	a.MOVQstore(amd64.M(rFrame, g.resumeOff), amd64.RAX)
	a.MOVQstoreImm(amd64.M(rCtx, offRan), 1)
	stop := a.NewLabel()
	// The sub-group's last chunk: index&3 == 3 or the group's last.
	// RDX: how many chunks of the sub-group come before this one.
	a.MOVQ(amd64.RDX, rChunkIdx)
	a.ANDLimm(amd64.RDX, sgLast)
	last := a.NewLabel()
	a.CMPQimm(rChunkIdx, n-1)
	a.Jcc(amd64.CondE, last)
	a.CMPLimm(amd64.RDX, sgLast)
	a.Jcc(amd64.CondNE, stop)
	a.Bind(last)
	a.IMULQimm(amd64.R11, amd64.RDX, stride)
	a.MOVQ(sgFrame, rFrame)
	a.SUBQ(sgFrame, amd64.R11)
	a.IMULQimm(amd64.R11, amd64.RDX, sizeChunkInfo)
	a.MOVQ(sgInfo, rChunk)
	a.SUBQ(sgInfo, amd64.R11)
	// Every chunk up to this one is at this sync (this one too: its
	// resume point was just stored) or ended; sgIn gets the former.
	a.LEAQlabel(amd64.R11, g.nextChunk)
	a.XORL(sgIn, sgIn)
	for j := range int32(sgChunks) {
		next := a.NewLabel()
		if j > 0 {
			a.CMPLimm(amd64.RDX, j)
			a.Jcc(amd64.CondB, next)
		}
		here := a.NewLabel()
		a.MOVQload(amd64.RCX, amd64.M(sgFrame, j*stride+g.resumeOff))
		a.CMPQ(amd64.RCX, amd64.RAX)
		a.Jcc(amd64.CondE, here)
		a.CMPQ(amd64.RCX, amd64.R11)
		a.Jcc(amd64.CondNE, stop)
		a.JMP(next)
		a.Bind(here)
		a.ORLimm(sgIn, 1<<j)
		a.Bind(next)
	}
	for j := i + 1; j < len(p.Ops) && p.Ops[j].Code == lanes.Subgroup; j++ {
		g.emitSubgroupNative(&p.Ops[j], stride)
	}
	// On with the sub-group's first chunk, from where it stopped.
	a.MOVQ(rFrame, sgFrame)
	a.MOVQ(rChunk, sgInfo)
	a.ANDQimm(rChunkIdx, ^sgLast)
	a.JMPmem(amd64.M(rFrame, g.resumeOff))
	a.Bind(stop)
	a.JMP(g.nextChunk)
	a.Bind(g.resumes[k])
}

// sgRow is the memory of value v in the sub-group's chunk j: its row (a
// Varying value) or its word (a Uniform one).
func (g *gen) sgRow(v lanes.Value, j, stride int32) amd64.Mem {
	return amd64.M(sgFrame, j*stride+int32(g.p.Values[v].Slot))
}

// sgGather fills scratch row r with v's lanes in the chunks taking part.
func (g *gen) sgGather(r int, v lanes.Value, stride int32) {
	a := &g.a
	uniform := g.p.Values[v].Shape == lanes.Uniform
	for j := range int32(sgChunks) {
		skip := a.NewLabel()
		a.TESTLimm(sgIn, 1<<j)
		a.Jcc(amd64.CondE, skip)
		if uniform {
			a.VPBROADCASTDload(amd64.Y0, g.sgRow(v, j, stride))
		} else {
			a.VMOVDQUload(amd64.Y0, g.sgRow(v, j, stride))
		}
		a.VMOVDQUstore(sgScratch(r, j*chunk), amd64.Y0)
		a.Bind(skip)
	}
}

// sgActivity fills the activity row for op o: a lane of a chunk taking
// part that is live and in o's mask.
func (g *gen) sgActivity(o *lanes.Op, stride int32) {
	a := &g.a
	for j := range int32(sgChunks) {
		zero, store := a.NewLabel(), a.NewLabel()
		a.TESTLimm(sgIn, 1<<j)
		a.Jcc(amd64.CondE, zero)
		a.VMOVDQUload(amd64.Y0, amd64.M(sgInfo, j*sizeChunkInfo+offLive))
		if o.M != lanes.NoValue {
			if g.p.Values[o.M].Shape == lanes.Uniform {
				a.CMPLmemImm(g.sgRow(o.M, j, stride), 0)
				a.Jcc(amd64.CondE, zero)
			} else {
				a.VPANDmem(amd64.Y0, amd64.Y0, g.sgRow(o.M, j, stride))
			}
		}
		a.JMP(store)
		a.Bind(zero)
		a.VPXOR(amd64.Y0, amd64.Y0, amd64.Y0)
		a.Bind(store)
		a.VMOVDQUstore(sgScratch(sgActRow, j*chunk), amd64.Y0)
	}
}

// sgScatter writes the active lanes of o's Dst: EDX in each (uniform) or
// the results row.
func (g *gen) sgScatter(o *lanes.Op, stride int32, uniform bool) {
	a := &g.a
	if uniform {
		a.VMOVDfromR(amd64.Y0, amd64.RDX)
		a.VPBROADCASTD(amd64.Y0, amd64.Y0)
	}
	for j := range int32(sgChunks) {
		skip := a.NewLabel()
		a.TESTLimm(sgIn, 1<<j)
		a.Jcc(amd64.CondE, skip)
		if !uniform {
			a.VMOVDQUload(amd64.Y0, sgScratch(sgOutRow, j*chunk))
		}
		a.VMOVDQUload(amd64.Y1, sgScratch(sgActRow, j*chunk))
		a.VPMASKMOVDstore(g.sgRow(o.Dst, j, stride), amd64.Y1, amd64.Y0)
		a.Bind(skip)
	}
}

// sgLaneLoop emits a loop over the sub-group's lanes (sgLane) that runs
// body for the active ones.
func (g *gen) sgLaneLoop(body func()) {
	a := &g.a
	top, next := a.NewLabel(), a.NewLabel()
	a.XORL(sgLane, sgLane)
	a.Bind(top)
	a.CMPLmemImm(sgScratchAt(sgActRow), 0)
	a.Jcc(amd64.CondE, next)
	body()
	a.Bind(next)
	a.INCL(sgLane)
	a.CMPLimm(sgLane, lanes.SubgroupSize)
	a.Jcc(amd64.CondB, top)
}
