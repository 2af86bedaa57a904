package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// The frame operands of ops: 32-bit kinds in one ymm register (lane i in
// dword i), 64-bit kinds in two (lanes 0-3, then lanes 4-7). A Uniform
// value is broadcast when loaded and its lane 0 stored.

func (g *gen) shape(v lanes.Value) lanes.Shape { return g.p.Values[v].Shape }

func (g *gen) kind(v lanes.Value) lanes.Kind {
	if v == lanes.NoValue {
		return lanes.I32
	}
	return g.p.Values[v].Kind
}

// slot is v's slot plus off bytes, in the frame.
func (g *gen) slot(v lanes.Value, off int32) amd64.Mem {
	if gs, ok := g.groupSlot(v); ok { // groupinv.go
		return amd64.M(rGroup, gs+off)
	}
	return amd64.M(rFrame, g.p.Values[v].Slot+off)
}

// ld loads 32-bit value v into y (from the register cache if there).
func (g *gen) ld(y amd64.Y, v lanes.Value) {
	if r, ok := g.findEither(v, 0); ok { // hicache.go
		g.a.VMOVDQU(y, r)
		return
	}
	if g.shape(v) == lanes.Uniform {
		g.a.VPBROADCASTDload(y, g.slot(v, 0))
	} else {
		g.a.VMOVDQUload(y, g.slot(v, 0))
	}
	if g.caching {
		g.keep(v, 0, y, false)
	}
}

// st stores y as 32-bit value v, and keeps it in the register cache; an
// op whose result may stay unstored (g.deferring) only keeps it.
func (g *gen) st(v lanes.Value, y amd64.Y) {
	g.noteStore(v)
	if g.caching {
		g.dropOverlapping(v)
	}
	if g.deferring {
		g.keep(v, 0, y, true)
		return
	}
	if g.shape(v) == lanes.Uniform {
		g.a.VMOVDstore(g.slot(v, 0), y)
	} else {
		g.a.VMOVDQUstore(g.slot(v, 0), y)
	}
	if g.caching {
		g.keep(v, 0, y, false)
	}
}

// ld64 loads 64-bit value v into lo (lanes 0-3) and hi (lanes 4-7),
// each half from the register cache where it is there (a dirty half's
// slot is stale).
func (g *gen) ld64(lo, hi amd64.Y, v lanes.Value) {
	a := &g.a
	r0, ok0 := g.findEither(v, 0)
	if g.shape(v) == lanes.Uniform {
		if ok0 {
			a.VMOVDQU(lo, r0)
			a.VMOVDQU(hi, r0)
			return
		}
		a.VPBROADCASTQload(lo, g.slot(v, 0))
		a.VMOVDQU(hi, lo)
		if g.caching {
			g.keep(v, 0, lo, false)
		}
		return
	}
	if ok0 {
		a.VMOVDQU(lo, r0)
	} else {
		a.VMOVDQUload(lo, g.slot(v, 0))
	}
	// Keeping half 0 may evict half 1: look for it afterwards.
	if !ok0 && g.caching {
		g.keep(v, 0, lo, false)
	}
	if r1, ok1 := g.findEither(v, 1); ok1 {
		a.VMOVDQU(hi, r1)
	} else {
		a.VMOVDQUload(hi, g.slot(v, 32))
		if g.caching {
			g.keep(v, 1, hi, false)
		}
	}
}

// st64 stores lo and hi as 64-bit value v (or only keeps them, as st).
func (g *gen) st64(v lanes.Value, lo, hi amd64.Y) {
	g.noteStore(v)
	if g.caching {
		g.dropOverlapping(v)
		g.keep(v, 0, lo, g.deferring)
		if g.shape(v) != lanes.Uniform {
			g.keep(v, 1, hi, g.deferring)
		}
	}
	if g.deferring {
		return
	}
	if g.shape(v) == lanes.Uniform {
		g.a.VMOVQstore(g.slot(v, 0), lo)
		return
	}
	g.a.VMOVDQUstore(g.slot(v, 0), lo)
	g.a.VMOVDQUstore(g.slot(v, 32), hi)
}

// ones sets every bit of y.
func (g *gen) ones(y amd64.Y) { g.a.VPCMPEQD(y, y, y) }

// zero clears y.
func (g *gen) zero(y amd64.Y) { g.a.VPXOR(y, y, y) }

// splat32 is a pool constant of eight copies of v.
func (g *gen) splat32(v uint32) amd64.Mem {
	return g.a.ConstYMM([8]uint32{v, v, v, v, v, v, v, v})
}

// splat64 is a pool constant of four copies of v.
func (g *gen) splat64(v uint64) amd64.Mem {
	return g.a.ConstYMM64([4]uint64{v, v, v, v})
}

// widen sets lo and hi to the 64-bit sign extensions of the dwords of
// 32-bit y (lanes 0-3 and 4-7); lo and hi differ from y.
func (g *gen) widen(lo, hi, y amd64.Y, signed bool) {
	a := &g.a
	a.VEXTRACTI128(hi, y, 1)
	if signed {
		a.VPMOVSXDQ(lo, y)
		a.VPMOVSXDQ(hi, hi)
	} else {
		a.VPMOVZXDQ(lo, y)
		a.VPMOVZXDQ(hi, hi)
	}
}

// narrow sets dst to the low (high: the high) dwords of the qwords of lo
// and hi: lanes 0-3 from lo, 4-7 from hi. Y14 is used.
func (g *gen) narrow(dst, lo, hi amd64.Y, high bool) {
	a := &g.a
	var o uint32
	if high {
		o = 1
	}
	a.VMOVDQUload(amd64.Y14, a.ConstYMM([8]uint32{o, 2 + o, 4 + o, 6 + o, o, 2 + o, 4 + o, 6 + o}))
	a.VPERMD(dst, amd64.Y14, lo)
	a.VPERMD(amd64.Y14, amd64.Y14, hi)
	a.VPBLENDD(dst, dst, amd64.Y14, 0xf0)
}
