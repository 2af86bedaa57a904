package jit

import (
	"math/bits"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Table lookups: 4-byte loads from a buffer or Workgroup memory at
// offsets whose bound is known (ranges.go), such as an S-box or T-table
// indexed by a byte of the state. The general load checks every active
// lane's offset against the region's length, then tries the contiguous
// and the one-offset forms before it gathers: some thirty instructions
// around one VPGATHERDD. Where the bound is below the region's length
// (one compare per chunk, as the length is the bound group's) every
// lane is in bounds and the load is the gather alone; elsewhere the
// general load runs, and traps as it does.

// tableBound is the bound of o's offsets if o is a table lookup.
func (g *gen) tableBound(o *lanes.Op) (uint64, bool) {
	if o.Code != lanes.Load || o.Imm2 != 4 || g.shape(o.Dst) != lanes.Varying ||
		g.kind(o.Dst).Bytes() != 4 || g.shape(o.A) != lanes.Varying {
		return 0, false
	}
	if r := int(o.Imm); r < 0 || r >= len(g.p.Regions) || g.p.Regions[r].Kind == lanes.RegionPrivate {
		return 0, false
	}
	hi := g.rangeHi(o.A)
	// Gather indices are signed dwords: below 2^31 they index from the
	// region's base as they are.
	return hi, hi < 1<<31-4
}

// loadOp compiles a Load: a table lookup's fast path where it applies,
// then the general load (mem.go), which the fast path skips.
func (g *gen) loadOp(o *lanes.Op) error {
	if off, ok := g.privateWord(o); ok {
		g.privateLoad(o, off)
		return nil
	}
	hi, ok := g.tableBound(o)
	if !ok {
		return g.load(o)
	}
	a := &g.a
	done, general := a.NewLabel(), a.NewLabel()
	const d, m = amd64.Y0, amd64.Y3
	g.mask(yMask, o.M)
	a.VPTEST(yMask, yMask)
	a.Jcc(amd64.CondE, done) // no lane active: nothing to load
	e := g.regionEntry(int(o.Imm))
	// In bounds for every lane iff the largest offset is below n, the
	// count of valid 4-byte offsets.
	a.CMPLmemImm(amd64.M(e.Base, e.Disp+offN+4*sizeLog(4)), int32(hi))
	a.Jcc(amd64.CondBE, general)
	a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
	g.ld(yOff, o.A)
	a.VMOVDQU(m, yMask)
	a.VPGATHERDD(d, amd64.VMem{Base: rBase, Index: yOff, Scale: 1}, m)
	g.st(o.Dst, d)
	a.JMP(done)
	a.Bind(general)
	if err := g.load(o); err != nil {
		return err
	}
	a.Bind(done)
	return nil
}

// directIndex reports whether Index o is exact arithmetic: a constant
// base and an index bounded so that no lane is poison.
func (g *gen) directIndex(o *lanes.Op) bool {
	return o.Kind == lanes.I32 && g.isConst(o.A) && o.Imm > 0 && o.Imm < 1<<31 &&
		g.rangeHi(o.B) < 1<<31 && g.rangeHi(o.Dst) < fullRange
}

// emitDirectIndex is d = B*Imm + A for directIndex's Index.
func (g *gen) emitDirectIndex(o *lanes.Op) {
	a := &g.a
	var pins pinSet
	x := g.src(o.B, 0, &pins)
	i := g.claim(pins)
	d := regOf(i)
	if s := uint64(o.Imm); s&(s-1) == 0 {
		a.VPSLLD(d, x, uint8(bits.TrailingZeros64(s)))
	} else {
		a.VPMULLDmem(d, x, g.splat32(uint32(s)))
	}
	if base := uint32(g.p.Values[o.A].Bits); base != 0 {
		a.VPADDDmem(d, d, g.splat32(base))
	}
	g.finishDirect(o, [2]int{i}, 1)
}

// privateWord reports whether o is a 4-byte access to an interleaved
// private region at a Uniform offset that ranges.go bounds inside the
// region: the chunk's words there are one vector, and no lane can be
// out of bounds (a private region's size is the program's), so the
// access needs no check at all.
func (g *gen) privateWord(o *lanes.Op) (off int32, ok bool) {
	r := int(o.Imm)
	if o.Imm2 != 4 || r < 0 || r >= len(g.p.Regions) || g.p.Regions[r].Kind != lanes.RegionPrivate ||
		!g.inter[r] || g.shape(o.A) != lanes.Uniform {
		return 0, false
	}
	if o.Code == lanes.Load && g.kind(o.Dst).Bytes() != 4 || o.Code == lanes.Store && g.kind(o.B).Bytes() != 4 {
		return 0, false
	}
	return g.privOff[r], g.rangeHi(o.A)+4 <= uint64(g.p.Regions[r].Size)
}

// privateLoad loads the words of a privateWord access. With no branch
// to take, its result may stay in the register cache.
func (g *gen) privateLoad(o *lanes.Op, off int32) {
	a := &g.a
	a.MOVLload(rOff, g.slot(o.A, 0))
	a.VMOVDQUload(amd64.Y0, amd64.MI(rFrame, rOff, 8, off))
	g.caching = true
	g.st(o.Dst, amd64.Y0)
}

// storeOp compiles a Store: privateWord's one masked store, else the
// general store (mem.go).
func (g *gen) storeOp(o *lanes.Op) error {
	off, ok := g.privateWord(o)
	if !ok {
		return g.store(o)
	}
	a := &g.a
	g.mask(yMask, o.M)
	a.MOVLload(rOff, g.slot(o.A, 0))
	g.ld(amd64.Y0, o.B)
	a.VPMASKMOVDstore(amd64.MI(rFrame, rOff, 8, off), yMask, amd64.Y0)
	return nil
}
