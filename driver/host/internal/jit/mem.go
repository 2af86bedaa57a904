package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Memory ops. Every access is checked for all active lanes before any
// lane touches memory: offset < n (regionMem.n), unsigned, else the op
// traps. Varying loads gather (contiguous full chunks load one vector);
// stores go lane by lane in lane order (AVX2 has no scatter), or as one
// vector where the chunk's offsets are contiguous and all lanes active.
//
// Registers: R8 the region's base (private: the frame), R9 the gathers'
// base, RDX the mask's lane bits, RCX a lane's offset, RAX a lane's value;
// Y4 the offsets, Y5 the mask, Y0-Y3 scratch: memory ops leave Y6-Y15,
// the register cache, alone.

const (
	rBase   = amd64.R8
	rGather = amd64.R9
	rBits   = amd64.RDX
	rOff    = amd64.RCX
	rVal    = amd64.RAX
	yOff    = amd64.Y4
	yMask   = amd64.Y5
)

// access is what a memory op's code needs to know about its region.
type access struct {
	r       int
	size    int32
	private bool
	inter   bool  // private and interleaved (private.go)
	off     int32 // private: the region's offset in the frame
	stride  int32 // private, not interleaved: bytes per lane
}

func (g *gen) access(o *lanes.Op) (access, error) {
	r := int(o.Imm)
	if r < 0 || r >= len(g.p.Regions) {
		return access{}, errUnsupported("region out of range")
	}
	size := int32(o.Imm2)
	if o.Code == lanes.Atomic {
		size = int32(o.Kind.Bytes())
	}
	switch size {
	case 1, 2, 4, 8:
	default:
		return access{}, errUnsupported("access size not 1, 2, 4 or 8")
	}
	ac := access{r: r, size: size}
	if g.p.Regions[r].Kind == lanes.RegionPrivate {
		ac.private, ac.off, ac.stride = true, g.privOff[r], g.privStride[r]
		ac.inter = g.inter[r]
	}
	return ac, nil
}

// log2 of an access size.
func sizeLog(size int32) int32 {
	switch size {
	case 1:
		return 0
	case 2:
		return 1
	case 4:
		return 2
	}
	return 3
}

// regionEntry is region r's regionMem (not for private regions): its copy
// in the group area, else through R8, which it sets to the runner's table.
func (g *gen) regionEntry(r int) amd64.Mem {
	if m, ok := g.tabledEntry(r); ok { // regiontab.go
		return m
	}
	g.a.MOVQload(rBase, amd64.M(rCtx, offRegions))
	return amd64.M(rBase, int32(r)*sizeRegMem)
}

// checkVector traps unless every lane of yMask has yOff in bounds; it
// leaves R8 at the region's base (the frame for private regions) and R9
// at the gathers' base.
func (g *gen) checkVector(ac access) {
	a := &g.a
	const n, t = amd64.Y2, amd64.Y3
	if ac.private {
		lim := int32(g.p.Regions[ac.r].Size) - ac.size + 1
		a.VPBROADCASTDload(n, a.Const32(uint32(max(lim, 0))))
		a.MOVQ(rBase, rFrame)
		a.LEAQ(rGather, amd64.M(rFrame, ac.off))
	} else {
		e := g.regionEntry(ac.r)
		a.VPBROADCASTDload(n, amd64.M(e.Base, e.Disp+offN+4*sizeLog(ac.size)))
		a.MOVQload(rGather, amd64.M(e.Base, e.Disp+offBiased))
		a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
	}
	a.VPMAXUD(t, yOff, n)
	a.VPCMPEQD(t, t, yOff) // off >= n
	a.VPAND(t, t, yMask)
	a.VPTEST(t, t)
	g.trapIf(amd64.CondNE)
}

// laneMem is lane i's address at the offset in RCX.
func (g *gen) laneMem(ac access, i int32) amd64.Mem {
	if ac.inter {
		return amd64.MI(rBase, rOff, 8, ac.off+4*i)
	}
	if ac.private {
		return amd64.MI(rBase, rOff, 1, ac.off+i*ac.stride)
	}
	return amd64.MI(rBase, rOff, 1, 0)
}

// laneOff sets RCX to lane i's offset (operand v).
func (g *gen) laneOff(v lanes.Value, i int32) {
	if g.shape(v) == lanes.Uniform {
		i = 0
	}
	g.a.MOVLload(rOff, g.slot(v, 4*i))
}

// eachLane emits body for each lane whose bit is set in RDX, in lane order.
func (g *gen) eachLane(body func(i int32)) {
	a := &g.a
	for i := int32(0); i < chunk; i++ {
		skip := a.NewLabel()
		a.TESTLimm(rBits, 1<<i)
		a.Jcc(amd64.CondE, skip)
		body(i)
		a.Bind(skip)
	}
}

// scalarLoad loads size bytes at m into RAX, zero-extended.
func (g *gen) scalarLoad(size int32, m amd64.Mem) {
	a := &g.a
	switch size {
	case 1:
		a.MOVZXBload(rVal, m)
	case 2:
		a.MOVZXWload(rVal, m)
	case 4:
		a.MOVLload(rVal, m)
	default:
		a.MOVQload(rVal, m)
	}
}

// scalarStore stores the low size bytes of RAX at m.
func (g *gen) scalarStore(size int32, m amd64.Mem) {
	a := &g.a
	switch size {
	case 1:
		a.MOVBstore(m, rVal)
	case 2:
		a.MOVWstore(m, rVal)
	case 4:
		a.MOVLstore(m, rVal)
	default:
		a.MOVQstore(m, rVal)
	}
}

// putLane stores RAX as lane i of d (4 or 8 bytes a lane).
func (g *gen) putLane(d lanes.Value, i int32) {
	if g.kind(d).Bytes() == 8 {
		g.a.MOVQstore(g.slot(d, 8*i), rVal)
		return
	}
	g.a.MOVLstore(g.slot(d, 4*i), rVal)
}

// contiguous jumps to no unless every lane is active (RDX) and lane i's
// offset is lane 0's plus i*size; it leaves lane 0's offset in RCX.
func (g *gen) contiguous(size int32, no amd64.Label) {
	a := &g.a
	const t = amd64.Y2
	a.CMPLimm(rBits, 0xff)
	a.Jcc(amd64.CondNE, no)
	a.VPBROADCASTD(t, yOff)
	var iota [8]uint32
	for i := range iota {
		iota[i] = uint32(i) * uint32(size)
	}
	a.VPADDDmem(t, t, a.ConstYMM(iota))
	a.VPCMPEQD(t, t, yOff)
	a.VMOVMSKPS(rVal, t)
	a.CMPLimm(rVal, 0xff)
	a.Jcc(amd64.CondNE, no)
	a.VMOVDtoR(rOff, yOff)
}

// denseFast is the fast path of a Varying 4- or 8-byte access to a
// buffer: where every lane is active (RDX) and the offsets are
// contiguous, one bounds check of the last lane's offset, computed in 64
// bits (in bounds, it did not wrap, so neither did any lane's) covers
// the chunk. It jumps to slow otherwise (or where a lane is out of
// bounds: the general check traps there) and leaves the region's base
// in R8, lane 0's offset in RCX.
func (g *gen) denseFast(ac access, slow amd64.Label) {
	a := &g.a
	g.contiguous(ac.size, slow)
	a.LEAQ(rVal, amd64.M(rOff, 7*ac.size))
	e := g.regionEntry(ac.r)
	a.MOVLload(rGather, amd64.M(e.Base, e.Disp+offN+4*sizeLog(ac.size)))
	a.CMPQ(rVal, rGather)
	a.Jcc(amd64.CondAE, slow)
	a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
}

func (g *gen) load(o *lanes.Op) error {
	ac, err := g.access(o)
	if err != nil {
		return err
	}
	a := &g.a
	end := a.NewLabel()
	if g.shape(o.Dst) == lanes.Uniform {
		if ac.private || g.shape(o.A) != lanes.Uniform {
			return errUnsupported("Uniform load of a private or varying offset")
		}
		// One load, if some lane is active.
		if !g.fullMask(o.M) {
			g.testMask(o.M)
			a.Jcc(amd64.CondE, end)
		}
		e := g.regionEntry(ac.r)
		n := amd64.M(e.Base, e.Disp+offN+4*sizeLog(ac.size))
		if vi := g.p.Values[o.A]; vi.Const && uint32(vi.Bits) < 1<<31 {
			// A constant offset (a push constant's, a struct member's).
			c := int32(uint32(vi.Bits))
			a.CMPLmemImm(n, c)
			g.trapIf(amd64.CondBE) // n <= c
			a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
			g.scalarLoad(ac.size, amd64.M(rBase, c))
		} else {
			a.MOVLload(rOff, g.slot(o.A, 0))
			a.MOVLload(rVal, n)
			a.CMPL(rOff, rVal)
			g.trapIf(amd64.CondAE)
			a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
			g.scalarLoad(ac.size, amd64.MI(rBase, rOff, 1, 0))
		}
		if g.kind(o.Dst).Bytes() == 8 {
			a.MOVQstore(g.slot(o.Dst, 0), rVal)
		} else {
			a.MOVLstore(g.slot(o.Dst, 0), rVal)
		}
		a.Bind(end)
		return nil
	}
	wide := g.kind(o.Dst).Bytes() == 8
	if wide != (ac.size == 8) {
		return errUnsupported("load size differs from the value's")
	}
	g.keptRunsClear() // keptruns.go
	z := g.fusedReader()
	if z == nil {
		g.ld(yOff, o.A)
	}
	f, affine := g.affine(ac, o.A)
	if affine {
		// Lanes at offsets affine in the lane (affine.go); the general
		// path out of line (coldpath.go).
		slow := a.NewLabel()
		g.affineLoad(o, ac, f, slow, end)
		return g.coldGeneral(slow, end, o.Dst, func(end amd64.Label) error {
			return g.loadGeneral(o, ac, z, true, end)
		})
	}
	return g.loadGeneral(o, ac, z, false, end)
}

// loadGeneral is a Varying load's general path (and its fast paths for
// offsets of no known Form), ending at end.
func (g *gen) loadGeneral(o *lanes.Op, ac access, z *fusedIndex, affine bool, end amd64.Label) error {
	a := &g.a
	if err := g.generalPath(z, o.A); err != nil { // memwb.go
		return err
	}
	g.mask(yMask, o.M)
	a.VMOVMSKPS(rBits, yMask)
	if !g.maskNonEmpty(o.M) { // masknonempty.go
		a.TESTL(rBits, rBits)
		a.Jcc(amd64.CondE, end)
	}
	if !ac.private && ac.size == 4 && !affine {
		// Two runs of four words (a contiguous chunk among them); the
		// other paths out of line (coldpath.go).
		// A gather hint goes straight to the gather (gatherhint.go):
		// tested before the runs of four where the offsets come from
		// loaded data, else after them.
		join, slow, entry := a.NewLabel(), a.NewLabel(), a.NewLabel()
		h, hinted := g.gatherHintSlot()
		early := hinted && gatherHintsEarly && g.dataDependent(o.A)
		if early {
			g.gatherHintTest(h, entry, true)
		} else {
			entry = slow
		}
		g.halvesFast(ac, slow)
		g.halvesLoad()
		g.keptRunsKeep()
		g.prefetch(ac)
		g.keptResult(o.Dst, join) // loadkeep.go
		return g.coldRest(entry, end, join, o.Dst, func() error {
			if hinted {
				full := slow
				if !early {
					full = a.NewLabel()
					g.gatherHintTest(h, full, false)
				}
				g.blindGather(o, ac, h, end)
				a.Bind(full)
				g.hintOff = h
				defer func() { g.hintOff = 0 }()
			}
			// Interleaved and permuted words (interleave.go).
			g.interleaved(ac, o, false, end)
			return g.loadRest(o, ac, affine, end)
		})
	}
	return g.loadRest(o, ac, affine, end)
}

// loadRest is the rest of loadGeneral: dense 8-byte chunks, then the
// checked gathers and lane-by-lane loads, ending at end.
func (g *gen) loadRest(o *lanes.Op, ac access, affine bool, end amd64.Label) error {
	a := &g.a
	wide := g.kind(o.Dst).Bytes() == 8
	const d0, d1, idx, m = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3
	if !ac.private && ac.size == 8 && !affine {
		// A full chunk at contiguous offsets: one vector load.
		slow := a.NewLabel()
		g.denseFast(ac, slow)
		a.VMOVDQUload(d0, amd64.MI(rBase, rOff, 1, 0))
		if wide {
			a.VMOVDQUload(d1, amd64.MI(rBase, rOff, 1, 32))
		}
		g.storeResult(o.Dst, wide)
		a.JMP(end)
		a.Bind(slow)
	}
	g.checkVector(ac)
	if ac.size < 4 && !ac.private {
		g.eachSetLane(func() {
			a.MOVLload(rOff, g.laneSlot(o.A))
			g.scalarLoad(ac.size, amd64.MI(rBase, rOff, 1, 0))
			a.MOVLstore(g.laneSlot(o.Dst), rVal)
		})
		a.Bind(end)
		return nil
	}
	if ac.size < 4 {
		g.eachLane(func(i int32) {
			g.laneOff(o.A, i)
			g.scalarLoad(ac.size, g.laneMem(ac, i))
			g.putLane(o.Dst, i)
		})
		a.Bind(end)
		return nil
	}
	if !ac.private {
		// Contiguous full chunks took the fast path: gather.
		if !wide {
			// Every lane at one offset (a row of a tile read by a row
			// of lanes): one broadcast load. Some lane is active and
			// was checked, so the offset is in bounds.
			const t = amd64.Y2
			gatherAll := a.NewLabel()
			a.VPBROADCASTD(t, yOff)
			a.VPCMPEQD(t, t, yOff)
			a.VMOVMSKPS(rVal, t)
			a.CMPLimm(rVal, 0xff)
			a.Jcc(amd64.CondNE, gatherAll)
			a.VMOVDtoR(rOff, yOff)
			a.VPBROADCASTDload(d0, amd64.MI(rBase, rOff, 1, 0))
			g.keptResult(o.Dst, end)
			a.Bind(gatherAll)
		}
		g.gatherHintArm() // gatherhint.go
		a.VPXORmem(idx, yOff, g.splat32(1<<31))
	} else if ac.inter {
		if g.shape(o.A) == lanes.Uniform {
			// The chunk's words at one offset are one vector.
			a.MOVLload(rOff, g.slot(o.A, 0))
			a.VMOVDQUload(d0, amd64.MI(rFrame, rOff, 8, ac.off))
			g.storeResult(o.Dst, false)
			a.Bind(end)
			return nil
		}
		a.VPADDD(idx, yOff, yOff)
		a.VPADDDmem(idx, idx, a.ConstYMM([8]uint32{0, 1, 2, 3, 4, 5, 6, 7}))
	} else {
		var iota [8]uint32
		for i := range iota {
			iota[i] = uint32(int32(i) * ac.stride)
		}
		a.VPADDDmem(idx, yOff, a.ConstYMM(iota))
	}
	scale := uint8(1)
	if ac.inter {
		scale = 4 // word (2*off + i) of the region
	}
	vm := amd64.VMem{Base: rGather, Index: idx, Scale: scale}
	if !wide {
		a.VMOVDQU(m, yMask)
		a.VPGATHERDD(d0, vm, m)
	} else {
		a.VPMOVSXDQ(m, yMask)
		a.VPGATHERDQ(d0, vm, m)
		a.VEXTRACTI128(idx, idx, 1)
		a.VEXTRACTI128(m, yMask, 1)
		a.VPMOVSXDQ(m, m)
		a.VPGATHERDQ(d1, vm, m)
	}
	if wide {
		g.storeResult(o.Dst, true)
	} else {
		g.keptResult(o.Dst, end)
	}
	a.Bind(end)
	return nil
}

// storeResult stores Y0 (and Y1) as Varying d.
func (g *gen) storeResult(d lanes.Value, wide bool) {
	if wide {
		g.st64(d, amd64.Y0, amd64.Y1)
		return
	}
	g.st(d, amd64.Y0)
}

func (g *gen) store(o *lanes.Op) error {
	ac, err := g.access(o)
	if err != nil {
		return err
	}
	a := &g.a
	end := a.NewLabel()
	wide := g.kind(o.B).Bytes() == 8
	if ac.size == 8 && !wide {
		return errUnsupported("8-byte store of a 32-bit value")
	}
	z := g.fusedReader()
	if z == nil {
		g.ld(yOff, o.A)
	}
	f, affine := g.affine(ac, o.A)
	affine = affine && (wide == (ac.size == 8))
	if affine {
		// Lanes at offsets affine in the lane (affine.go); the general
		// path out of line (coldpath.go).
		slow := a.NewLabel()
		g.affineStore(o, ac, f, slow, end)
		return g.coldGeneral(slow, end, lanes.NoValue, func(end amd64.Label) error {
			return g.storeGeneral(o, ac, z, true, end)
		})
	}
	return g.storeGeneral(o, ac, z, false, end)
}

// storeGeneral is a store's general path (and its fast paths for offsets
// of no known Form), ending at end.
func (g *gen) storeGeneral(o *lanes.Op, ac access, z *fusedIndex, affine bool, end amd64.Label) error {
	a := &g.a
	wide := g.kind(o.B).Bytes() == 8
	if err := g.generalPath(z, o.A); err != nil { // memwb.go
		return err
	}
	g.mask(yMask, o.M)
	a.VMOVMSKPS(rBits, yMask)
	if !g.maskNonEmpty(o.M) { // masknonempty.go
		a.TESTL(rBits, rBits)
		a.Jcc(amd64.CondE, end)
	}
	if !ac.private && ac.size == 4 && !wide && g.shape(o.A) == lanes.Varying && !affine {
		// Two runs of four words (a contiguous chunk among them); the
		// other paths out of line (coldpath.go).
		join, slow := a.NewLabel(), a.NewLabel()
		g.keptOrHalvesFast(ac, slow)
		g.halvesStore(o.B)
		a.JMP(join)
		return g.coldRest(slow, end, join, lanes.NoValue, func() error {
			// Interleaved and permuted words (interleave.go).
			g.interleaved(ac, o, true, end)
			return g.storeRest(o, ac, affine, end)
		})
	}
	return g.storeRest(o, ac, affine, end)
}

// storeRest is the rest of storeGeneral: dense 8-byte chunks, then the
// checked lane-by-lane stores, ending at end.
func (g *gen) storeRest(o *lanes.Op, ac access, affine bool, end amd64.Label) error {
	a := &g.a
	wide := g.kind(o.B).Bytes() == 8
	if !ac.private && ac.size == 8 && g.shape(o.A) == lanes.Varying && !affine {
		// A full chunk at contiguous offsets: one vector store.
		slow := a.NewLabel()
		g.denseFast(ac, slow)
		if wide {
			g.ld64(amd64.Y0, amd64.Y1, o.B)
			a.VMOVDQUstore(amd64.MI(rBase, rOff, 1, 0), amd64.Y0)
			a.VMOVDQUstore(amd64.MI(rBase, rOff, 1, 32), amd64.Y1)
		} else {
			g.ld(amd64.Y0, o.B)
			a.VMOVDQUstore(amd64.MI(rBase, rOff, 1, 0), amd64.Y0)
		}
		a.JMP(end)
		a.Bind(slow)
	}
	g.checkVector(ac)
	if ac.inter && g.shape(o.A) == lanes.Uniform {
		a.MOVLload(rOff, g.slot(o.A, 0))
		g.ld(amd64.Y0, o.B)
		a.VPMASKMOVDstore(amd64.MI(rFrame, rOff, 8, ac.off), yMask, amd64.Y0)
		a.Bind(end)
		return nil
	}
	if !ac.private {
		g.eachSetLane(func() {
			a.MOVLload(rOff, g.laneSlot(o.A))
			m := amd64.MI(rBase, rOff, 1, 0)
			if wide {
				a.MOVQload(rVal, g.laneSlot(o.B))
			} else {
				a.MOVLload(rVal, g.laneSlot(o.B))
			}
			g.scalarStore(ac.size, m)
		})
		a.Bind(end)
		return nil
	}
	g.eachLane(func(i int32) {
		g.laneOff(o.A, i)
		j := i
		if g.shape(o.B) == lanes.Uniform {
			j = 0
		}
		m := g.laneMem(ac, i)
		if wide {
			a.MOVQload(rVal, g.slot(o.B, 8*j))
		} else {
			a.MOVLload(rVal, g.slot(o.B, 4*j))
		}
		g.scalarStore(ac.size, m)
	})
	a.Bind(end)
	return nil
}

// regionLength compiles RegionLength: the bound length of a buffer (its
// count of in-bounds 1-byte offsets, clamped to 2^32-1), the size of
// Workgroup memory, 0 for Private memory (as the Go executor).
func (g *gen) regionLength(o *lanes.Op) error {
	a := &g.a
	r := int(o.Imm)
	if r < 0 || r >= len(g.p.Regions) {
		return errUnsupported("region out of range")
	}
	switch g.p.Regions[r].Kind {
	case lanes.RegionBuffer, lanes.RegionPush:
		e := g.regionEntry(r)
		a.VPBROADCASTDload(amd64.Y0, amd64.M(e.Base, e.Disp+offN))
	case lanes.RegionWorkgroup:
		a.VPBROADCASTDload(amd64.Y0, a.Const32(uint32(g.p.Regions[r].Size)))
	default:
		g.zero(amd64.Y0)
	}
	g.st(o.Dst, amd64.Y0)
	return nil
}
