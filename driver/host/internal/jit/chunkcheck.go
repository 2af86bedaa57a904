package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// The code that vector runs (vecgroup.go, vecnarrow.go) share: each run is
// a fast path over the chunk's lanes as one access, else its ops one by
// one.

// startRunCode begins the code of ops pre..end-1, compiled as one run with
// paths of its own: nothing is cached on any path, so all leave the
// register cache alike, and none of the ops' results is in it.
func (g *gen) startRunCode(pre, end int) {
	g.caching, g.deferring = false, false
	g.writeBack()
	for k := pre; k < end; k++ {
		g.opStart[k] = g.a.Len()
		if d := g.p.Ops[k].Dst; d != lanes.NoValue {
			g.cache.drop(d)
			g.cseForget(d)
		}
	}
}

// chunkSpan is what a run's fast path needs of the chunk's offsets.
type chunkSpan struct {
	stride int32 // bytes from lane to lane
	// static: the stride is the first offset's Form, so lane 7 alone is
	// compared; else every lane is, against lane 0's plus l*stride.
	static bool
	span   int32 // bytes a lane reads or writes from its offset
	size   int32 // the access size whose in-bounds offset count bounds the span
	// below31: every offset must also be below 2^31 - 16 (component
	// offsets computed as x + k, which would wrap above it).
	below31 bool
}

// chunkCheck jumps to slow unless the chunk's offsets (yOff) are lane 0's
// plus l*c.stride and lane 7's c.span bytes are in bounds, and, for a
// store, every lane of mask m is active; a store with some lane inactive
// goes to masked instead if withMasked (the mask left in Y5), or to slow.
// It leaves the region's base in R8 and lane 0's offset in RCX.
func (g *gen) chunkCheck(ac access, c chunkSpan, m lanes.Value, store, withMasked bool, slow, masked amd64.Label) {
	a := &g.a
	testMask := store && !g.fullMask(m)
	if testMask {
		g.mask(yMask, m)
		a.VMOVMSKPS(rBits, yMask)
	}
	a.VMOVDtoR(rOff, yOff)
	const t = amd64.Y2
	if c.static {
		a.VEXTRACTI128(t, yOff, 1)
		a.VPEXTRD(rVal, t, 3)
		a.LEAQ(rGather, amd64.M(rOff, 7*c.stride))
		a.CMPQ(rGather, rVal)
		a.Jcc(amd64.CondNE, slow)
	} else {
		var iota [8]uint32
		for l := range iota {
			iota[l] = uint32(l) * uint32(c.stride)
		}
		a.VPBROADCASTD(t, yOff)
		a.VPADDDmem(t, t, a.ConstYMM(iota))
		a.VPCMPEQD(t, t, yOff)
		a.VMOVMSKPS(rVal, t)
		a.CMPLimm(rVal, 0xff)
		a.Jcc(amd64.CondNE, slow)
		// Equal in 32 bits; lane 7's true offset, which the bound
		// below rejects where it is 2^32 or more (a wrap).
		a.LEAQ(rVal, amd64.M(rOff, 7*c.stride))
	}
	// Offsets are 32-bit, zero-extended: the 64-bit sum does not wrap.
	// last + span <= len, i.e. last + span - size < the count of
	// in-bounds offsets of that size.
	a.LEAQ(rVal, amd64.M(rVal, c.span-c.size))
	if c.below31 {
		a.CMPQimm(rVal, 1<<31-16)
		a.Jcc(amd64.CondAE, slow)
	}
	e := g.regionEntry(ac.r)
	a.MOVLload(rGather, amd64.M(e.Base, e.Disp+offN+4*sizeLog(c.size)))
	a.CMPQ(rVal, rGather)
	a.Jcc(amd64.CondAE, slow)
	a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
	if testMask {
		a.CMPLimm(rBits, 0xff)
		if withMasked {
			a.Jcc(amd64.CondNE, masked)
		} else {
			a.Jcc(amd64.CondNE, slow)
		}
	}
}
