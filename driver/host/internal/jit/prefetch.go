package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Software prefetch for work-groups of several rows (transpose's and
// stencils' tiles): their chunks step through a buffer a row pitch
// apart, a stride known only at run time, which the hardware
// prefetchers miss (a new page every row), so each chunk's vector
// access waits for a cache miss and the next chunk's cannot start
// before it (too many instructions between them).
//
// An access that prefetches keeps, for each chunk of the group, the
// address that chunk accessed in the runner's last group (in ctx), and
// prefetches prefetchGroupsAhead times the difference on: the line the
// same chunk will access that many groups later. A runner takes
// consecutive groups of a row of groups (driver/host's tierWork), so
// the difference is the step from one group to the next whatever the
// access's shape: transpose's reads 64 bytes on in every row of its
// tile, its writes 16 rows down, a stencil's reads the next 64 bytes of
// each row. (Before 2026-11-26 the history was per place in a row and
// the prefetch a few rows down in the same group: the last rows of a
// tile then prefetched the tile below, which a later row of groups
// needs, and transpose at 2048x2048 ran ~20% slower.) Groups of more
// than maxGroupChunks chunks keep that row history.

// maxPrefetch is the most accesses of a program that prefetch;
// maxRowChunks the most chunks of a row they handle.
const (
	maxPrefetch  = 8
	maxRowChunks = 8
)

// prefetchRows is how many rows ahead an access of a group of more than
// maxGroupChunks chunks prefetches.
const prefetchRows = 3

// prefetchSlot gives the current op a history in ctx, if it is a vector
// access of a buffer in a program whose work-groups have more than one
// row, of a power of two of chunks (at most maxRowChunks), and slots
// are left.
func (g *gen) prefetchSlot(ac access) (int32, bool) {
	p := g.p
	rc := p.Local[0] / chunk
	if p.Regions[ac.r].Kind != lanes.RegionBuffer || p.Local[1]*p.Local[2] < 2 ||
		p.Local[0]%chunk != 0 || rc > maxRowChunks || rc&(rc-1) != 0 {
		return 0, false
	}
	return g.historySlot(ac)
}

// historySlot gives the current op (an access of region ac.r) its
// history in ctx: the one it has, else a new one if it is the first
// access of that region to ask and slots are left. One access per
// buffer: a stencil's loads of neighbouring rows share their lines, and
// each prefetch costs up to ten instructions a chunk.
func (g *gen) historySlot(ac access) (int32, bool) {
	if g.prefetchOps == nil {
		g.prefetchOps, g.prefetchRegions = map[int]int32{}, map[int]bool{}
	}
	if k, ok := g.prefetchOps[g.op]; ok {
		return k, true
	}
	if len(g.prefetchOps) == maxPrefetch || g.prefetchRegions[ac.r] {
		return 0, false
	}
	k := offPrefetch + int32(len(g.prefetchOps))*8*maxGroupChunks
	g.prefetchOps[g.op] = k
	g.prefetchRegions[ac.r] = true
	return k, true
}

// prefetch emits the prefetch of the vector access just made at R8+RCX
// (RAX, RCX, RDX and R9 free now).
func (g *gen) prefetch(ac access) {
	h, ok := g.prefetchSlot(ac)
	if !ok {
		g.streamPrefetch(ac) // one-row work-groups (streamfetch.go)
		return
	}
	a := &g.a
	a.LEAQ(rOff, amd64.MI(rBase, rOff, 1, 0)) // this chunk's address
	if prefetchByGroup(g.p) {
		// The history is per chunk: the address this chunk accessed in
		// the runner's last group.
		a.LEAQ(rGather, amd64.MI(rCtx, rChunkIdx, 8, h))
	} else {
		rc := int32(g.p.Local[0] / chunk)
		a.MOVQ(rVal, rChunkIdx) // barrier.go
		a.ANDLimm(rVal, rc-1)
		a.LEAQ(rGather, amd64.MI(rCtx, rVal, 8, h)) // its place in the row's history
	}
	a.MOVQload(rBits, amd64.M(rGather, 0)) // a row (a group) back
	a.MOVQstore(amd64.M(rGather, 0), rOff)
	a.SUBQ(rBits, rOff)
	ahead := int32(prefetchRows)
	if prefetchByGroup(g.p) {
		ahead = prefetchGroupsAhead
	}
	a.IMULQimm(rBits, rBits, -ahead)
	a.ADDQ(rBits, rOff)
	a.PREFETCHT0(amd64.M(rBits, 0))
}

// prefetchByGroup reports whether p's prefetching accesses look a group
// ahead rather than rows ahead: a group's chunks each keep their own
// history (at most maxGroupChunks of them).
func prefetchByGroup(p *lanes.Program) bool {
	return numChunks(p) <= maxGroupChunks
}

// maxGroupChunks is the most chunks of a work-group whose accesses
// prefetch a group ahead (the histories' room in ctx).
const maxGroupChunks = 64

// prefetchGroupsAhead is how many groups ahead an access of a group of
// at most maxGroupChunks prefetches.
const prefetchGroupsAhead = 2
