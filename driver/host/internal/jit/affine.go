package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Accesses at offsets affine in the lane (lanes.Forms: lane i at lane
// 0's offset plus i*Stride, Stride known when compiling). Where every
// lane is active, two lanes settle the chunk: lane 7 at lane 0 plus
// 7*Stride exactly (no lane wrapped or is poison) and lane 7 in bounds
// (Stride >= 0: the highest offset). Then a Stride equal to the access
// size is one vector load or store, Stride 0 one broadcast load or the
// last lane's store (lanes store in lane order), any other Stride a
// gather at constant indices or stores of extracted lanes, all without
// per-lane checks or mask tests. Otherwise (a partial mask, a wrap, an
// out-of-bounds lane) the op's general code runs, and traps there.

// affine reports the Form of a Varying offset that the fast paths take.
func (g *gen) affine(ac access, off lanes.Value) (lanes.Form, bool) {
	if ac.private {
		return lanes.Form{}, false
	}
	if g.forms == nil {
		g.forms = lanes.Forms(g.p)
	}
	f := g.forms[off]
	return f, f.Known && f.Stride >= 0
}

// fullMask reports whether mask m is every lane of the chunk whenever
// the op runs.
func (g *gen) fullMask(m lanes.Value) bool {
	if g.forms == nil {
		g.forms = lanes.Forms(g.p)
	}
	return m != lanes.NoValue && g.forms[m].Full
}

// affineCheck jumps to slow unless the chunk's offsets (yOff, Form f)
// are lane 0's plus i*Stride and all in bounds of the region for the
// access, and, unless partial, every lane of mask m is active; with
// partial, it jumps to end where no lane is, and leaves the mask in Y5
// and its lane bits in RDX; m NoValue with partial: the mask is not read
// (loads: every lane's offset is checked, so every lane may be read, and
// lanes outside the mask keep no defined value, as the IR says). It
// leaves the region's base in R8 and lane 0's offset in RCX.
func (g *gen) affineCheck(ac access, f lanes.Form, m lanes.Value, partial bool, slow, end amd64.Label) {
	a := &g.a
	if !g.fullMask(m) && !(partial && m == lanes.NoValue) {
		g.mask(yMask, m)
		a.VMOVMSKPS(rBits, yMask)
		if partial {
			if !g.maskNonEmpty(m) { // masknonempty.go
				a.TESTL(rBits, rBits)
				a.Jcc(amd64.CondE, end)
			}
		} else {
			a.CMPLimm(rBits, 0xff)
			a.Jcc(amd64.CondNE, slow)
		}
	}
	last := rOff
	if z := g.fuse.cur; z != nil {
		// Lane 0's offset from the elided Index's operands (fuseindex.go).
		g.fusedOffset(z, slow)
		if f.Stride != 0 {
			a.LEAQ(rVal, amd64.M(rOff, 7*int32(f.Stride)))
			last = rVal
		}
	} else if a.VMOVDtoR(rOff, yOff); !f.Exact || f.Stride != 0 {
		const hi = amd64.Y2
		a.VEXTRACTI128(hi, yOff, 1)
		a.VPEXTRD(rVal, hi, 3)
		a.LEAQ(rGather, amd64.M(rOff, 7*int32(f.Stride)))
		a.CMPQ(rGather, rVal)
		a.Jcc(amd64.CondNE, slow)
		last = rVal
	}
	e := g.regionEntry(ac.r)
	a.MOVLload(rGather, amd64.M(e.Base, e.Disp+offN+4*sizeLog(ac.size)))
	a.CMPQ(last, rGather)
	a.Jcc(amd64.CondAE, slow)
	a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
}

// maskedOr jumps to masked unless the mask affineCheck left (partial) is
// every lane, or the op's mask is full anyway.
func (g *gen) maskedOr(m lanes.Value, masked amd64.Label) {
	if g.fullMask(m) {
		return
	}
	g.a.CMPLimm(rBits, 0xff)
	g.a.Jcc(amd64.CondNE, masked)
}

// wideMask sets lo and hi to the 64-bit lane masks of Y5 (lanes 0-3, 4-7).
func (g *gen) wideMask(lo, hi amd64.Y) {
	g.a.VPMOVSXDQ(lo, yMask)
	g.a.VEXTRACTI128(hi, yMask, 1)
	g.a.VPMOVSXDQ(hi, hi)
}

// strideIndex is the gathers' index vector for Stride s: lane i at i*s
// (8 dwords; the 8-byte form takes lanes 0-3, then 4-7).
func (g *gen) strideIndex(y amd64.Y, s int64) {
	var iota [8]uint32
	for i := range iota {
		iota[i] = uint32(int64(i) * s)
	}
	g.a.VMOVDQUload(y, g.a.ConstYMM(iota))
}

// affineLoad is the fast path of a Varying load at offset Form f; it
// jumps to end when done, to slow otherwise.
func (g *gen) affineLoad(o *lanes.Op, ac access, f lanes.Form, slow, end amd64.Label) {
	a := &g.a
	wide := g.kind(o.Dst).Bytes() == 8
	// Every lane's offset is checked in bounds, so every lane is read
	// whatever the mask: one load, no mask test (a chunk with no active
	// lane, whose offsets may be poison, fails the checks and takes the
	// op's general code).
	g.affineCheck(ac, f, lanes.NoValue, true, slow, end)
	const d0, d1, idx, m = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3
	at := func(i int32) amd64.Mem { return amd64.MI(rBase, rOff, 1, i*int32(f.Stride)) }
	switch {
	case ac.size < 4:
		for i := int32(0); i < chunk; i++ {
			g.scalarLoad(ac.size, at(i))
			g.putLane(o.Dst, i)
		}
		a.JMP(end)
		return
	case f.Stride == int64(ac.size):
		if k := g.keptReg; k != nil && !wide {
			// Straight into the load's cache register (loadkeep.go).
			a.VMOVDQUload(cacheFirst+amd64.Y(k.i), at(0))
			g.prefetch(ac)
			k.used = true
			a.JMP(k.done)
			return
		}
		a.VMOVDQUload(d0, at(0))
		if wide {
			a.VMOVDQUload(d1, at(4))
		}
		g.prefetch(ac)
	case !wide && ac.size == 4 && f.Stride == 8:
		// Every other word (a[2*i + c], float2 components): the two
		// halves' words and a shuffle (interleave.go), not a gather.
		// Word 15 of the window is no lane's and may lie past the end.
		a.VMOVDQUload(d0, at(0))
		a.VMOVDQUload(m, a.ConstYMM([8]uint32{ones32, ones32, ones32, ones32, ones32, ones32, ones32, 0}))
		a.VPMASKMOVDload(d1, m, at(4))
		a.VSHUFPS(d0, d0, d1, wordPatterns[0].shuf)
		a.VPERMQ(d0, d0, 0xd8)
	case f.Stride == 0:
		if wide {
			a.VPBROADCASTQload(d0, at(0))
			a.VMOVDQU(d1, d0)
		} else {
			a.VPBROADCASTDload(d0, at(0))
		}
	default:
		a.LEAQ(rGather, at(0))
		g.strideIndex(idx, f.Stride)
		vm := amd64.VMem{Base: rGather, Index: idx, Scale: 1}
		if !wide {
			g.ones(m)
			a.VPGATHERDD(d0, vm, m)
		} else {
			g.ones(m)
			a.VPGATHERDQ(d0, vm, m)
			a.VEXTRACTI128(idx, idx, 1)
			g.ones(m)
			a.VPGATHERDQ(d1, vm, m)
		}
	}
	if k := g.keptReg; k != nil && !wide {
		// Into the load's cache register, past the other paths
		// (loadkeep.go).
		a.VMOVDQU(cacheFirst+amd64.Y(k.i), d0)
		k.used = true
		a.JMP(k.done)
		return
	}
	g.storeResult(o.Dst, wide)
	a.JMP(end)
}

// affineStore is the fast path of a store at offset Form f of value B
// (32-bit kinds of size 1, 2 or 4, or 64-bit kinds of size 8).
func (g *gen) affineStore(o *lanes.Op, ac access, f lanes.Form, slow, end amd64.Label) {
	a := &g.a
	wide := g.kind(o.B).Bytes() == 8
	vector := f.Stride == int64(ac.size) && ac.size >= 4
	// Every other word: two masked stores of the permuted lanes.
	everyOther := !wide && ac.size == 4 && f.Stride == 8
	g.affineCheck(ac, f, o.M, vector || everyOther, slow, end)
	const v0, v1, t, t2 = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3
	at := func(i int32) amd64.Mem { return amd64.MI(rBase, rOff, 1, i*int32(f.Stride)) }
	if wide {
		g.ld64(v0, v1, o.B)
	} else {
		g.ld(v0, o.B)
	}
	if vector {
		masked, done := a.NewLabel(), a.NewLabel()
		g.maskedOr(o.M, masked)
		a.VMOVDQUstore(at(0), v0)
		if wide {
			a.VMOVDQUstore(at(4), v1)
		}
		if !g.fullMask(o.M) {
			// Distinct offsets: the order of the lanes' stores is moot.
			a.JMP(done)
			a.Bind(masked)
			if wide {
				g.wideMask(t, t2)
				a.VPMASKMOVQstore(at(0), t, v0)
				a.VPMASKMOVQstore(at(4), t2, v1)
			} else {
				a.VPMASKMOVDstore(at(0), yMask, v0)
			}
			a.Bind(done)
		}
		g.prefetch(ac)
		a.JMP(end)
		return
	}
	if everyOther {
		// Distinct words: the lanes' order is moot (interleave.go).
		p := &wordPatterns[0]
		for h := range 2 {
			a.VMOVDQUload(t, a.ConstYMM(p.idx[h]))
			a.VPERMD(v1, t, v0)
			if g.fullMask(o.M) {
				a.VMOVDQUload(t2, a.ConstYMM(p.stored))
			} else {
				a.VPERMD(t2, t, yMask)
				a.VPANDmem(t2, t2, a.ConstYMM(p.stored))
			}
			a.VPMASKMOVDstore(at(int32(4*h)), t2, v1)
		}
		a.JMP(end)
		return
	}
	// Lane by lane in lane order; at Stride 0 the last lane's store is
	// the one that stays.
	first := int32(0)
	if f.Stride == 0 {
		first = chunk - 1
	}
	var src amd64.Y
	for i := first; i < chunk; i++ {
		if wide {
			if i == first || i%2 == 0 {
				// Lanes 2j and 2j+1 are 128-bit half j of (v0, v1).
				src = v0
				if i >= 4 {
					src = v1
				}
				if i%4 >= 2 {
					a.VEXTRACTI128(t, src, 1)
					src = t
				}
			}
			a.VPEXTRQ(rVal, src, uint8(i%2))
			a.MOVQstore(at(i), rVal)
			continue
		}
		if i == first || i == 4 {
			src = v0
			if i >= 4 {
				a.VEXTRACTI128(t, v0, 1)
				src = t
			}
		}
		a.VPEXTRD(rVal, src, uint8(i%4))
		g.scalarStore(ac.size, at(i)) // 1, 2 or 4 bytes: lanes of 32 bits
	}
	a.JMP(end)
}
