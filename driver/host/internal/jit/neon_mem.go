package jit

import (
	"github.com/clgo/clgo/driver/host/internal/arm64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// NEON code of Index, Load and Store. Accesses go lane by lane in lane
// order (a store's earlier lanes are written when a later one traps, as
// the Go executor does), each lane's offset checked against the region's
// bound; a failing lane branches to the op's trap stub, and the runner
// names the lane from the frame (runner.trap), so traps read as the Go
// executor's.

// index compiles Index: Dst = A + B*Imm exactly, the poison offset where
// A is poison or the sum is outside [0, 2^32-2]. An I32 index goes in
// vectors (SMULL's 64-bit products, which cannot overflow for strides
// below 2^31); an I64 one lane by lane with a 128-bit product check.
func (g *ngen) index(o *lanes.Op) error {
	if o.Dst == lanes.NoValue || o.A == lanes.NoValue || o.B == lanes.NoValue || o.Imm < 0 || o.Imm > 1<<31-1 {
		return errNoNEON
	}
	if wide(g.vi(o.A).Kind) || wide(g.vi(o.Dst).Kind) {
		return errNoNEON
	}
	a := &g.a
	if wide(g.vi(o.B).Kind) {
		return g.perLane(o, func() {
			poison, done := a.NewLabel(), a.NewLabel()
			a.MOVimm(arm64.X7, uint64(o.Imm))
			a.MUL(arm64.X9, arm64.X6, arm64.X7, false)
			a.SMULH(arm64.X10, arm64.X6, arm64.X7)
			a.CMPshift(arm64.X10, arm64.X9, false, arm64.ASR, 63)
			a.Bcond(arm64.NE, poison) // the product needs more than 64 bits
			a.ADDS(arm64.X9, arm64.X9, arm64.X5, false)
			a.Bcond(arm64.VS, poison)
			a.MOVimm(arm64.X11, 0xfffffffe)
			a.CMP(arm64.X9, arm64.X11, false)
			a.Bcond(arm64.HI, poison) // negative or above 2^32-2
			a.CMNimm(arm64.X5, 1, true)
			a.Bcond(arm64.EQ, poison) // A is poison
			a.MOV(arm64.X8, arm64.X9, false)
			a.B(done)
			a.Bind(poison)
			a.MOVimm(arm64.X8, 0xffffffff)
			a.Bind(done)
		})
	}
	n := g.nregs(o.Dst)
	g.vload(vA, o.A, n, false)
	g.vload(vB, o.B, n, false)
	g.konst(vK, uint64(o.Imm), false)
	g.konst(vK+1, 0xfffffffe, true)
	a.MOVIbytes(vK+2, 0xff)
	const S, D = arm64.S4, arm64.D2
	for i := range n {
		r := arm64.V(i)
		x, y, d := vA+r, vB+r, vD+r
		a.Vop3(arm64.VSMULL, S, vT1, y, vK)
		a.Vop3(arm64.VSMULL2, S, vT1+1, y, vK)
		a.Vshift(arm64.VUSHLL, S, vT2, x, 0)
		a.Vshift(arm64.VUSHLL2, S, vT2+1, x, 0)
		a.Vop3(arm64.VADD, D, vT1, vT1, vT2)
		a.Vop3(arm64.VADD, D, vT1+1, vT1+1, vT2+1)
		a.Vop3(arm64.VCMHI, D, vT3, vT1, vK+1)
		a.Vop3(arm64.VCMHI, D, vT3+1, vT1+1, vK+1)
		a.Vop2(arm64.VXTN, S, d, vT1)
		a.Vop2(arm64.VXTN2, S, d, vT1+1)
		a.Vop2(arm64.VXTN, S, vT2+2, vT3)
		a.Vop2(arm64.VXTN2, S, vT2+2, vT3+1)
		a.Vop3(arm64.VCMEQ, S, vT2+3, x, vK+2)
		a.Vop3(arm64.VORR, S, vT2+2, vT2+2, vT2+3)
		a.Vop3(arm64.VORR, S, d, d, vT2+2)
	}
	g.vstore(o.Dst, vD)
	return nil
}

// access compiles Load and Store on buffers, push constants, Workgroup
// and Private memory.
func (g *ngen) access(o *lanes.Op) error {
	a := &g.a
	p := g.p
	r := int(o.Imm)
	if r < 0 || r >= len(p.Regions) || o.A == lanes.NoValue || wide(g.vi(o.A).Kind) {
		return errNoNEON
	}
	rg := p.Regions[r]
	load := o.Code == lanes.Load
	val := o.B
	if load {
		val = o.Dst
	}
	if val == lanes.NoValue {
		return errNoNEON
	}
	var lg uint32
	switch o.Imm2 {
	case 1:
		lg = 0
	case 2:
		lg = 1
	case 4:
		lg = 2
	case 8:
		lg = 3
	default:
		return errNoNEON
	}
	vbytes := int64(g.vi(val).Kind.Bytes())
	vsize := uint32(arm64.Word)
	if vbytes == 8 {
		vsize = arm64.Dword
	}
	if int64(o.Imm2) > vbytes {
		return errNoNEON
	}
	private := rg.Kind == lanes.RegionPrivate
	switch rg.Kind {
	case lanes.RegionBuffer, lanes.RegionPush, lanes.RegionWorkgroup, lanes.RegionPrivate:
	default:
		return errNoNEON
	}
	if private && load && g.uniform(o.Dst) {
		return errNoNEON // Build gives private loads Varying results
	}
	skip := a.NewLabel()
	if o.M != lanes.NoValue && g.uniform(o.M) {
		g.ld(arm64.X9, nFrame, int64(g.vi(o.M).Slot), arm64.Word)
		a.CBZ(arm64.X9, true, skip)
	}
	// X13: the region's base, W14: its bound (offsets below it are in).
	if private {
		limit := int64(rg.Size) - int64(o.Imm2) + 1
		a.MOVimm(arm64.X14, uint64(max(limit, 0)))
	} else {
		e := int64(r) * int64(sizeRegMem)
		g.ldX(arm64.X12, nCtx, offRegions)
		g.ld(arm64.X13, arm64.X12, e+int64(offBase), arm64.Dword)
		g.ld(arm64.X14, arm64.X12, e+int64(offN)+4*int64(lg), arm64.Word)
	}
	if !private && (o.Imm2 == 4 || o.Imm2 == 8) && int64(o.Imm2) == vbytes && !g.uniform(o.A) &&
		!(load && g.uniform(o.Dst)) && g.contiguous(o.A, o.Imm2) {
		g.contigAccess(o, load, val, skip)
	}
	if private && g.lay.inter[r] && o.Imm2 == 4 && vbytes == 4 && g.uniform(o.A) {
		g.privateRow(o, load, val, skip)
	}
	laneOff := func(v lanes.Value, l int, bytes int64) int64 {
		off := int64(g.vi(v).Slot)
		if !g.uniform(v) {
			off += int64(l) * bytes
		}
		return off
	}
	// one lane's access: lane l's offset, bound check, the access.
	one := func(l int) {
		g.ld(arm64.X15, nFrame, laneOff(o.A, l, 4), arm64.Word)
		a.CMP(arm64.X15, arm64.X14, true)
		g.trapIf(arm64.HS)
		if !load {
			g.ld(arm64.X17, nFrame, laneOff(val, l, vbytes), vsize)
		}
		switch {
		case !private:
			if load {
				a.LDRidx(arm64.X17, arm64.X13, arm64.X15, lg)
			} else {
				a.STRidx(arm64.X17, arm64.X13, arm64.X15, lg)
			}
		case g.lay.inter[r]:
			// Word w of lane l at privOff + w*32 + 4*l (private.go);
			// every access is an aligned word.
			a.LSRimm(arm64.X11, arm64.X15, 2)
			a.ADDshift(arm64.X10, nFrame, arm64.X11, false, arm64.LSL, 5)
			off := int64(g.lay.privOff[r]) + 4*int64(l)
			if load {
				g.ld(arm64.X17, arm64.X10, off, arm64.Word)
			} else {
				g.st(arm64.X17, arm64.X10, off, arm64.Word)
			}
		default:
			g.addr(arm64.X10, nFrame, int64(g.lay.privOff[r])+int64(l)*int64(g.lay.privStride[r]))
			if load {
				a.LDRidx(arm64.X17, arm64.X10, arm64.X15, lg)
			} else {
				a.STRidx(arm64.X17, arm64.X10, arm64.X15, lg)
			}
		}
		if load {
			g.st(arm64.X17, nFrame, laneOff(val, l, vbytes), vsize)
		}
	}
	if load && g.uniform(o.Dst) {
		// One load, if some lane of M is set.
		if o.M != lanes.NoValue && !g.uniform(o.M) {
			g.anyLane(arm64.X9, o.M)
			a.CBZ(arm64.X9, false, skip)
		}
		one(0)
		a.Bind(skip)
		return nil
	}
	for l := range chunk {
		next := a.NewLabel()
		g.skipLane(o, l, next)
		one(l)
		a.Bind(next)
	}
	a.Bind(skip)
	return nil
}

// contiguous reports whether offset v is lane 0's plus the lane times
// stride (lanes.Forms, the Go executor's test for its contiguous path),
// so that an access may take the whole chunk at once.
func (g *ngen) contiguous(v lanes.Value, stride int64) bool {
	if g.forms == nil {
		g.forms = lanes.Forms(g.p)
	}
	f := g.forms[v]
	return f.Known && f.Stride == stride
}

// contigAccess emits the fast path of a contiguous access (X13 the
// region's base, W14 its bound): where every lane of the mask is set,
// lane 7's offset is lane 0's plus 7 elements and in bounds (the test of
// lanes' contiguous: then every lane is), the chunk's elements move as
// q registers and the code goes to done; else on to the lane loop.
func (g *ngen) contigAccess(o *lanes.Op, load bool, val lanes.Value, done arm64.Label) {
	a := &g.a
	general := a.NewLabel()
	size := o.Imm2
	switch {
	case o.M == lanes.NoValue:
		if g.partial {
			g.allSet(arm64.X5, nChunk, int64(offLive))
			a.CMNimm(arm64.X5, 1, false)
			a.Bcond(arm64.NE, general)
		}
	case !g.uniform(o.M):
		g.allSet(arm64.X5, nFrame, int64(g.vi(o.M).Slot))
		a.CMNimm(arm64.X5, 1, false)
		a.Bcond(arm64.NE, general)
	}
	aoff := int64(g.vi(o.A).Slot)
	g.ld(arm64.X15, nFrame, aoff, arm64.Word)
	g.ld(arm64.X11, nFrame, aoff+4*(chunk-1), arm64.Word)
	a.ADDimm(arm64.X10, arm64.X15, (chunk-1)*size, false)
	a.CMP(arm64.X11, arm64.X10, false)
	a.Bcond(arm64.NE, general)
	a.CMP(arm64.X11, arm64.X14, true)
	a.Bcond(arm64.HS, general)
	a.ADD(arm64.X10, arm64.X13, arm64.X15, false)
	n := int(chunk * size / 16)
	if load {
		for i := range n {
			a.LDRQ(vD+arm64.V(i), arm64.X10, int64(16*i))
		}
		g.vstore(val, vD)
	} else {
		g.vload(vD, val, n, size == 8)
		for i := range n {
			a.STRQ(vD+arm64.V(i), arm64.X10, int64(16*i))
		}
	}
	a.B(done)
	a.Bind(general)
}

// allSet sets X(r) to the AND of the 8 mask words at base+off (all ones
// iff every lane is set); it uses X5-X8.
func (g *ngen) allSet(r, base arm64.Reg, off int64) {
	a := &g.a
	b, o := base, off
	if o%8 != 0 || o < -512 || o+16 > 504 {
		g.addr(nAddr, base, o)
		b, o = nAddr, 0
	}
	a.LDP(arm64.X5, arm64.X6, b, o)
	a.LDP(arm64.X7, arm64.X8, b, o+16)
	a.AND(arm64.X5, arm64.X5, arm64.X6, false)
	a.AND(arm64.X7, arm64.X7, arm64.X8, false)
	a.AND(r, arm64.X5, arm64.X7, false)
}

// atomicOp compiles an Atomic on Workgroup memory or a buffer, lane by
// lane in lane order, as lanes/atomic.go does. Each runner has its
// group's Workgroup memory to itself (runner.wg), so there the lanes'
// atomics are plain loads and stores. Buffers are shared with the other
// workers: at an aligned offset the word changes through LDAXR/STLXR
// (LDAR, STLR for loads and stores), at an unaligned one plainly, as the
// Go executor's sync/atomic path and plain path. Float atomics and
// Private memory are call-outs.
func (g *ngen) atomicOp(o *lanes.Op) error {
	a := &g.a
	p := g.p
	r := int(o.Imm)
	op := lanes.AtomicOp(o.Imm2)
	if r < 0 || r >= len(p.Regions) || op < 0 || op >= lanes.AtomicFAdd ||
		o.A == lanes.NoValue || wide(g.vi(o.A).Kind) || o.Dst != lanes.NoValue && g.uniform(o.Dst) {
		return errNoNEON
	}
	shared := p.Regions[r].Kind == lanes.RegionBuffer
	if !shared && p.Regions[r].Kind != lanes.RegionWorkgroup {
		return errNoNEON
	}
	if o.Kind != lanes.I32 && o.Kind != lanes.I64 {
		return errNoNEON
	}
	w := o.Kind == lanes.I32
	lg, bytes := uint32(arm64.Word), int64(4)
	if !w {
		lg, bytes = arm64.Dword, 8
	}
	needB := op != lanes.AtomicLoad && op != lanes.AtomicInc && op != lanes.AtomicDec
	if needB && o.B == lanes.NoValue || op == lanes.AtomicCmpXchg && o.C == lanes.NoValue {
		return errNoNEON
	}
	laneOff := func(v lanes.Value, l int, b int64) int64 {
		off := int64(g.vi(v).Slot)
		if !g.uniform(v) {
			off += int64(l) * b
		}
		return off
	}
	skip := a.NewLabel()
	if o.M != lanes.NoValue && g.uniform(o.M) {
		g.ld(arm64.X9, nFrame, int64(g.vi(o.M).Slot), arm64.Word)
		a.CBZ(arm64.X9, true, skip)
	}
	e := int64(r) * int64(sizeRegMem)
	g.ldX(arm64.X12, nCtx, offRegions)
	g.ld(arm64.X13, arm64.X12, e+int64(offBase), arm64.Dword)
	g.ld(arm64.X14, arm64.X12, e+int64(offN)+4*int64(lg), arm64.Word)
	a.MOVimm(arm64.X12, uint64(bytes-1)) // the alignment mask
	x, y, z := arm64.X5, arm64.X6, arm64.X7
	// update leaves the word's new value in the register it returns (x
	// holds the old one).
	update := func() arm64.Reg {
		nw := arm64.X8
		minmax := func(c arm64.Cond) {
			a.CMP(x, y, w)
			a.CSEL(nw, x, y, c, w)
		}
		switch op {
		case lanes.AtomicLoad:
			return x
		case lanes.AtomicStore, lanes.AtomicXchg:
			return y
		case lanes.AtomicCmpXchg:
			a.CMP(x, z, w)
			a.CSEL(nw, y, x, arm64.EQ, w)
		case lanes.AtomicAdd:
			a.ADD(nw, x, y, w)
		case lanes.AtomicSub:
			a.SUB(nw, x, y, w)
		case lanes.AtomicAnd:
			a.AND(nw, x, y, w)
		case lanes.AtomicOr:
			a.ORR(nw, x, y, w)
		case lanes.AtomicXor:
			a.EOR(nw, x, y, w)
		case lanes.AtomicUMin:
			minmax(arm64.LO)
		case lanes.AtomicUMax:
			minmax(arm64.HI)
		case lanes.AtomicSMin:
			minmax(arm64.LT)
		case lanes.AtomicSMax:
			minmax(arm64.GT)
		case lanes.AtomicInc:
			a.ADDimm(nw, x, 1, w)
		case lanes.AtomicDec:
			a.SUBimm(nw, x, 1, w)
		}
		return nw
	}
	for l := range chunk {
		next := a.NewLabel()
		g.skipLane(o, l, next)
		g.ld(arm64.X15, nFrame, laneOff(o.A, l, 4), arm64.Word)
		a.CMP(arm64.X15, arm64.X14, true)
		g.trapIf(arm64.HS)
		a.ADD(arm64.X10, arm64.X13, arm64.X15, false)
		if needB {
			g.ld(y, nFrame, laneOff(o.B, l, bytes), lg)
		}
		if op == lanes.AtomicCmpXchg {
			g.ld(z, nFrame, laneOff(o.C, l, bytes), lg)
		}
		result := a.NewLabel()
		if shared {
			plain := a.NewLabel()
			a.AND(arm64.X11, arm64.X15, arm64.X12, false)
			a.CBNZ(arm64.X11, false, plain)
			switch op {
			case lanes.AtomicLoad:
				a.LDAR(x, arm64.X10, w)
			case lanes.AtomicStore:
				a.STLR(y, arm64.X10, w)
				a.MOV(x, arm64.ZR, false) // sync/atomic's store has no old value: 0
			default:
				retry, keep := a.NewLabel(), a.NewLabel()
				a.Bind(retry)
				a.LDAXR(x, arm64.X10, w)
				if op == lanes.AtomicCmpXchg {
					a.CMP(x, z, w)
					a.Bcond(arm64.NE, keep)
				}
				a.STLXR(arm64.X9, update(), arm64.X10, w)
				a.CBNZ(arm64.X9, true, retry)
				if op == lanes.AtomicCmpXchg {
					a.B(result)
					a.Bind(keep)
					a.CLREX()
				}
			}
			a.B(result)
			a.Bind(plain)
		}
		a.LDR(x, arm64.X10, 0, lg)
		if op != lanes.AtomicLoad {
			a.STR(update(), arm64.X10, 0, lg)
		}
		a.Bind(result)
		if o.Dst != lanes.NoValue {
			db, dl := int64(4), uint32(arm64.Word)
			if wide(g.vi(o.Dst).Kind) {
				db, dl = 8, arm64.Dword
			}
			g.st(x, nFrame, laneOff(o.Dst, l, db), dl)
		}
		a.Bind(next)
	}
	a.Bind(skip)
	return nil
}

// privateRow emits the fast path of a word access at a Uniform offset of
// an interleaved private region (private.go: word w of lane l at privOff
// + w*32 + 4*l, so the chunk's words at one offset are one row of two q
// registers; private arrays indexed by a loop counter): where every lane
// of the mask is set and the offset is in bounds (W14, the limit), the
// row moves at once and the code goes to done; else on to the lane loop.
func (g *ngen) privateRow(o *lanes.Op, load bool, val lanes.Value, done arm64.Label) {
	a := &g.a
	general := a.NewLabel()
	switch {
	case o.M == lanes.NoValue:
		if g.partial {
			g.allSet(arm64.X5, nChunk, int64(offLive))
			a.CMNimm(arm64.X5, 1, false)
			a.Bcond(arm64.NE, general)
		}
	case !g.uniform(o.M):
		g.allSet(arm64.X5, nFrame, int64(g.vi(o.M).Slot))
		a.CMNimm(arm64.X5, 1, false)
		a.Bcond(arm64.NE, general)
	}
	g.ld(arm64.X15, nFrame, int64(g.vi(o.A).Slot), arm64.Word)
	a.CMP(arm64.X15, arm64.X14, true)
	a.Bcond(arm64.HS, general)
	a.LSRimm(arm64.X11, arm64.X15, 2)
	a.ADDshift(arm64.X10, nFrame, arm64.X11, false, arm64.LSL, 5)
	b, off := g.at(arm64.X10, int64(g.lay.privOff[o.Imm]), 4, 16)
	if load {
		a.LDRQ(vD, b, off)
		a.LDRQ(vD+1, b, off+16)
		g.vstore(val, vD)
	} else {
		g.vload(vD, val, 2, false)
		a.STRQ(vD, b, off)
		a.STRQ(vD+1, b, off+16)
	}
	a.B(done)
	a.Bind(general)
}

// skipLane jumps to next where lane l does not act for o: its bit of a
// Varying mask M is clear or, without a mask in a partial chunk, the lane
// is not live (runner.trap's reading).
func (g *ngen) skipLane(o *lanes.Op, l int, next arm64.Label) {
	if o.M != lanes.NoValue && !g.uniform(o.M) {
		g.ld(arm64.X9, nFrame, int64(g.vi(o.M).Slot)+4*int64(l), arm64.Word)
		g.a.CBZ(arm64.X9, true, next)
	}
	if o.M == lanes.NoValue && g.partial {
		g.ld(arm64.X9, nChunk, int64(offLive)+4*int64(l), arm64.Word)
		g.a.CBZ(arm64.X9, true, next)
	}
}
