package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Software prefetch for work-groups of one row (prefetch.go takes those
// of several rows). A kernel that streams through a buffer too large for
// the caches (bitonic's compare-and-swap over 128 MB, a triad) steps
// through it by a fixed amount per chunk, and the hardware prefetchers
// follow such a stream, but not far enough ahead: the chunk's ~100
// instructions leave the out-of-order window room for one or two chunks'
// misses, so each chunk's first load waited for memory (a quarter of
// bitonic's samples on that load). The first vector access of each
// buffer keeps the address the last chunk accessed (in ctx, the same
// history table prefetch.go uses, one word per op), so the difference
// is the step, which may be known only at run time (bitonic's offsets
// depend on its pass argument), and prefetches streamChunks steps on. A
// step from another group (the first chunk of a group) prefetches a
// useless line once; PREFETCHT0 never faults. An affine access (its
// offsets lane 0's plus i*Stride, Stride known when compiling) steps by
// chunk*Stride from chunk to chunk of a one-row group, so it prefetches
// at that distance with no history (one instruction: triad's three
// streams lost 8% to the history's seven).

// streamChunks is how many chunks ahead a one-row access prefetches:
// a kilobyte for bitonic's 64-byte step, 512 bytes for a word per lane.
const streamChunks = 16

// maxStreamStride bounds the strides of affine accesses that prefetch at
// a distance known when compiling (a page ahead at most).
const maxStreamStride = 4096 / (streamChunks * chunk)

// streamSlot gives the current op a word of history in ctx, if it is the
// first vector access of a buffer in a program whose work-groups are one
// row, and slots are left.
func (g *gen) streamSlot(ac access) (int32, bool) {
	p := g.p
	if p.Regions[ac.r].Kind != lanes.RegionBuffer || p.Local[1]*p.Local[2] != 1 {
		return 0, false
	}
	return g.historySlot(ac) // prefetch.go
}

// streamPrefetch emits the prefetch of the vector access just made at
// R8+RCX, streamChunks steps on (RAX, RCX, RDX and R9 free now).
func (g *gen) streamPrefetch(ac access) {
	h, ok := g.streamSlot(ac)
	if !ok {
		return
	}
	a := &g.a
	if o := &g.p.Ops[g.op]; o.A != lanes.NoValue {
		// An affine access's step is chunk lanes at its stride (lanes
		// 0-7 of the next chunk follow on): one instruction.
		if f, ok := g.affine(ac, o.A); ok && f.Stride > 0 && f.Stride <= maxStreamStride {
			a.PREFETCHT0(amd64.MI(rBase, rOff, 1, int32(streamChunks*chunk*f.Stride)))
			return
		}
	}
	a.LEAQ(rOff, amd64.MI(rBase, rOff, 1, 0)) // this chunk's address
	a.MOVQload(rBits, amd64.M(rCtx, h))       // the last chunk's
	a.MOVQstore(amd64.M(rCtx, h), rOff)
	a.SUBQ(rBits, rOff) // minus the step
	a.IMULQimm(rBits, rBits, -streamChunks)
	a.ADDQ(rBits, rOff)
	a.PREFETCHT0(amd64.M(rBits, 0))
}
