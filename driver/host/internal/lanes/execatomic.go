package lanes

import "unsafe"

// atomic32 is atomic (atomic.go) for 4-byte kinds with the operand rows
// read in place (Uniform ones at index l&0) and the region's lanes laid
// out once (laneMem), not looked up per lane.
func (e *Exec) atomic32(c int, f []uint64, o *xop, pc int) *Trap {
	r := int(o.imm)
	m, stride, limit := e.laneMem(c, r)
	shared := e.p.Regions[r].Kind == RegionBuffer
	offs, om := opRowOf[uint32](f, o.a, o.ua, e.C)
	var zero [1]uint32
	bs, bm, cs, cm := zero[:], 0, zero[:], 0
	if o.b >= 0 {
		bs, bm = opRowOf[uint32](f, o.b, o.ub, e.C)
	}
	if o.c >= 0 {
		cs, cm = opRowOf[uint32](f, o.c, o.uc, e.C)
	}
	var d []uint32
	if o.d >= 0 {
		d = row32(f, o.d, e.C)
	}
	if stride != 0 && uint64(e.C)*stride > uint64(len(m)) || limit > uint64(len(m)) {
		panic("lanes: Private memory smaller than its lanes")
	}
	base, op := unsafe.Pointer(unsafe.SliceData(m)), AtomicOp(o.imm2)
	for mask := e.maskOf(f, o.m, o.um) & e.full; mask != 0; mask &= mask - 1 {
		l := trailing(mask)
		off := offs[l&om]
		if uint64(off)+4 > limit {
			t := e.trapAccess(c, l, pc, o, off)
			t.Size = 4
			return t
		}
		p := (*uint32)(unsafe.Add(base, uint64(l)*stride+uint64(off)))
		old := rmw32(p, shared && off%4 == 0, op, bs[l&bm], cs[l&cm])
		if d != nil {
			d[l] = old
		}
	}
	return nil
}
