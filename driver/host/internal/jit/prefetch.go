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
// before it (too many instructions between them). An access that
// prefetches keeps the addresses of its last two chunks in ctx and
// prefetches the one prefetchRows rows further on: for rows of two
// chunks, the address two chunks back is one row back.

// maxPrefetch is the most accesses of a program that prefetch.
const maxPrefetch = 8

// prefetchRows is how many of its rows ahead an access prefetches.
const prefetchRows = 3

// prefetchSlot gives the current op a history slot in ctx, if it is a
// vector access of a buffer in a program whose work-groups have more
// than one row of chunks and slots are left.
func (g *gen) prefetchSlot(ac access) (int32, bool) {
	p := g.p
	if p.Regions[ac.r].Kind != lanes.RegionBuffer || p.Local[1]*p.Local[2] < 2 || p.Local[0]%chunk != 0 {
		return 0, false
	}
	if g.prefetchOps == nil {
		g.prefetchOps = map[int]int32{}
	}
	if k, ok := g.prefetchOps[g.op]; ok {
		return k, true
	}
	if len(g.prefetchOps) == maxPrefetch {
		return 0, false
	}
	k := offPrefetch + int32(len(g.prefetchOps))*16
	g.prefetchOps[g.op] = k
	return k, true
}

// prefetch emits the prefetch of a vector access at R8+RCX (RAX, RDX
// and R9 free): history h: [h] the last chunk's address, [h+8] the one
// before.
func (g *gen) prefetch(ac access) {
	h, ok := g.prefetchSlot(ac)
	if !ok {
		return
	}
	a := &g.a
	a.LEAQ(rVal, amd64.MI(rBase, rOff, 1, 0))
	a.MOVQload(rGather, amd64.M(rCtx, h+8))
	a.MOVQload(rBits, amd64.M(rCtx, h))
	a.MOVQstore(amd64.M(rCtx, h+8), rBits)
	a.MOVQstore(amd64.M(rCtx, h), rVal)
	a.SUBQ(rGather, rVal) // a row back from here...
	a.NEGQ(rGather)       // ...to here
	a.IMULQimm(rGather, rGather, prefetchRows)
	a.ADDQ(rGather, rVal)
	a.PREFETCHT0(amd64.M(rGather, 0))
}
