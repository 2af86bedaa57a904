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
	if pa, ok := g.privateUniform(o); ok {
		return g.privateUniformOp(o, pa)
	}
	hi, ok := g.tableBound(o)
	if !ok {
		return g.loadKept(o) // loadkeep.go
	}
	a := &g.a
	done, general := a.NewLabel(), a.NewLabel()
	const d, m = amd64.Y0, amd64.Y3
	g.mask(yMask, o.M)
	if !g.maskNonEmpty(o.M) { // masknonempty.go
		a.VPTEST(yMask, yMask)
		a.Jcc(amd64.CondE, done) // no lane active: nothing to load
	}
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

// A private access at a Uniform offset reads or writes the same bytes
// of every lane's area. In an interleaved region (4-byte words) those
// are one vector; in a region laid out lane after lane (8-byte words,
// sha512's ulong W[16], or a constant table every lane has a copy of)
// they are eight scalar loads, which take their bytes from the scalar
// stores that wrote them, where two gathers wait for those stores. The
// offset is one value, so its check is one scalar compare, and none
// where ranges.go bounds it inside the region (a private region's size
// is the program's).

// privateAccess is a private access at a Uniform offset.
type privateAccess struct {
	off, stride int32 // the region's place in the frame (privOff, privStride)
	inter       bool  // interleaved (4-byte words) or lane after lane (8)
	size        int32
	bounded     bool  // in bounds, whatever the offset's value
	limit       int32 // else: in bounds iff the offset is at most limit
}

// privateUniform reports whether o is such an access: a 4-byte Load or
// Store of an interleaved region or an 8-byte Load of another.
func (g *gen) privateUniform(o *lanes.Op) (privateAccess, bool) {
	r := int(o.Imm)
	if r < 0 || r >= len(g.p.Regions) || g.p.Regions[r].Kind != lanes.RegionPrivate ||
		g.shape(o.A) != lanes.Uniform {
		return privateAccess{}, false
	}
	pa := privateAccess{off: g.privOff[r], stride: g.privStride[r], inter: g.inter[r], size: int32(o.Imm2)}
	var vk lanes.Value
	switch {
	case o.Code == lanes.Load && pa.inter && pa.size == 4:
		vk = o.Dst
	case o.Code == lanes.Store && pa.inter && pa.size == 4:
		vk = o.B
	case o.Code == lanes.Load && !pa.inter && pa.size == 8:
		vk = o.Dst
	default:
		return privateAccess{}, false
	}
	size := int64(g.p.Regions[r].Size)
	if g.kind(vk).Bytes() != int(pa.size) || size < int64(pa.size) || size >= 1<<31 {
		return privateAccess{}, false
	}
	pa.bounded = g.rangeHi(o.A)+uint64(pa.size) <= uint64(size)
	pa.limit = int32(size) - pa.size
	return pa, true
}

// privateUniformOp compiles a privateUniform access: where the offset
// has no bound, a compare that sends offsets past the region to the
// general access (mem.go), which traps if a lane is active.
func (g *gen) privateUniformOp(o *lanes.Op, pa privateAccess) error {
	if o.Code == lanes.Load {
		return g.privateUniformLoad(o, pa)
	}
	a := &g.a
	g.mask(yMask, o.M)
	g.uniformOffset(o.A)
	if pa.bounded {
		g.ld(amd64.Y0, o.B)
		a.VPMASKMOVDstore(amd64.MI(rFrame, rOff, 8, pa.off), yMask, amd64.Y0)
		return nil
	}
	done, general := a.NewLabel(), a.NewLabel()
	a.CMPLimm(rOff, pa.limit)
	a.Jcc(amd64.CondA, general)
	g.ld(amd64.Y0, o.B)
	a.VPMASKMOVDstore(amd64.MI(rFrame, rOff, 8, pa.off), yMask, amd64.Y0)
	a.JMP(done)
	a.Bind(general)
	err := g.store(o)
	a.Bind(done)
	return err
}

// privateUniformLoad compiles a privateUniform load into cache registers
// claimed before its paths part; the general path (past the region)
// loads them from the slot it wrote, so both leave the cache alike and
// the next op reads the result from a register, not through a store it
// would wait for.
func (g *gen) privateUniformLoad(o *lanes.Op, pa privateAccess) error {
	a := &g.a
	g.uniformOffset(o.A)
	halves := 2
	if pa.inter {
		halves = 1
	}
	var pins pinSet
	var dst [2]int
	for h := range halves {
		dst[h] = g.claim(pins)
		pins.add(regOf(dst[h]))
	}
	var done, general amd64.Label
	if !pa.bounded {
		done, general = a.NewLabel(), a.NewLabel()
		a.CMPLimm(rOff, pa.limit)
		a.Jcc(amd64.CondA, general)
	}
	if pa.inter {
		a.VMOVDQUload(regOf(dst[0]), amd64.MI(rFrame, rOff, 8, pa.off))
	} else {
		lane := func(y amd64.Y, i int32) {
			a.VMOVQload(y, amd64.MI(rFrame, rOff, 1, pa.off+i*pa.stride))
		}
		for h := range 2 {
			i := int32(4 * h)
			lane(amd64.Y2, i)
			lane(amd64.Y3, i+1)
			a.VPUNPCKLQDQ(amd64.Y2, amd64.Y2, amd64.Y3)
			lane(amd64.Y4, i+2)
			lane(amd64.Y5, i+3)
			a.VPUNPCKLQDQ(amd64.Y4, amd64.Y4, amd64.Y5)
			a.VINSERTI128(regOf(dst[h]), amd64.Y2, amd64.Y4, 1)
		}
	}
	// Loads do not defer their stores (writeback.go): the slot too.
	for h := range halves {
		a.VMOVDQUstore(g.slot(o.Dst, int32(32*h)), regOf(dst[h]))
	}
	var err error
	if !pa.bounded {
		a.JMP(done)
		a.Bind(general)
		err = g.load(o)
		for h := range halves {
			a.VMOVDQUload(regOf(dst[h]), g.slot(o.Dst, int32(32*h)))
		}
		a.Bind(done)
	}
	g.dropOverlapping(o.Dst)
	g.cache.drop(o.Dst)
	for h := range halves {
		g.cache.key[dst[h]] = keyOf(o.Dst, h)
		g.cache.dirty[dst[h]] = false
	}
	return err
}

// storeOp compiles a Store: privateUniform's one masked store, else the
// general store (mem.go).
func (g *gen) storeOp(o *lanes.Op) error {
	if pa, ok := g.privateUniform(o); ok {
		return g.privateUniformOp(o, pa)
	}
	return g.store(o)
}

// uniformOffset sets RCX to Uniform offset v, from its cache register
// where it has one (its slot may have been written just before: a
// reload would wait for that store).
func (g *gen) uniformOffset(v lanes.Value) {
	if r, ok := g.cache.find(v, 0); ok {
		g.a.VMOVDtoR(rOff, r)
		return
	}
	g.a.MOVLload(rOff, g.slot(v, 0))
}
