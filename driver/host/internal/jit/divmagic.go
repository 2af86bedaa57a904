package jit

import (
	"math/bits"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Division by a Uniform divisor with multiplications ("Division by
// invariant integers using multiplication", Granlund and Montgomery,
// 1994, figures 4.1 and 5.2): for a divisor d that is one value for the
// whole chunk, a record of magic numbers is made once (a multiplier, two
// shift counts, d's sign and whether d is zero), and every lane's quotient
// is then a multiply-high, shifts and adds, exact for every dividend.
// Remainders are n - q*d. The contract's special cases come out of the
// record: d == 0 gives 0 (the record's nonzero mask clears quotient and
// remainder), d == -1 gives -n and remainder 0 (MinInt / -1 = MinInt, by
// wrap-around), as lanes.SDiv and lanes.SRem say.
//
// divRecord is the record, as native code keeps it (recSize bytes; all
// zero is the record of d == 0, so a zeroed memo is a valid one):
//
//	key   uint64 // d (32-bit kinds: zero-extended), the memo's key
//	m     uint64 // the multiplier (32-bit kinds: its low 32 bits)
//	sh1   uint64 // unsigned: min(l, 1); signed: l - 1 (the only shift)
//	sh2   uint64 // unsigned: max(l - 1, 0)
//	nz    uint32 // ^0 where d != 0, else 0
//	_     uint32
//	dsign uint64 // signed: all ones for d < 0 (32-bit code reads its low half)
//
// with l = ceil(log2 d) (unsigned), max(ceil(log2 |d|), 1) (signed). The
// shift counts are quadwords: VPSRLD and VPSRAD read them from an xmm.
type divRecord struct {
	key, m   uint64
	sh1, sh2 uint8
	nz       uint32
	dsign    uint64
}

// Offsets of divRecord's fields in native code's copy.
const (
	recKey   = 0
	recM     = 8
	recSh1   = 16
	recSh2   = 24
	recNZ    = 32
	recDsign = 40
	recSize  = 48
)

// divRecordOf is the record of divisor d (of width w: 32 or 64) for a
// signed or unsigned division; native code computes the same fields
// (divRecordCode).
func divRecordOf(d uint64, w int, signed bool) divRecord {
	if w == 32 {
		d = uint64(uint32(d))
	}
	r := divRecord{key: d}
	if d == 0 {
		return r
	}
	r.nz = ^uint32(0)
	if !signed {
		l := uint(64 - bits.LeadingZeros64(d-1)) // ceil(log2 d)
		// m = floor(2^w * (2^l - d) / d) + 1, below 2^w: 2^l - d < d.
		var hi, lo uint64
		if w == 32 {
			lo = (uint64(1)<<l - d) << 32
		} else {
			hi = uint64(1)<<l - d // 2^64 - d where l == 64
		}
		q, _ := bits.Div64(hi, lo, d)
		r.m = q + 1
		if w == 32 {
			r.m = uint64(uint32(r.m))
		}
		r.sh1 = uint8(min(l, 1))
		r.sh2 = uint8(l - uint(r.sh1))
		return r
	}
	neg := int64(d) < 0
	if w == 32 {
		neg = int32(d) < 0
	}
	ad := d
	if neg {
		ad = -d
		r.dsign = ^uint64(0)
	}
	if w == 32 {
		ad = uint64(uint32(ad))
	}
	l := uint(64 - bits.LeadingZeros64(ad-1))
	l = max(l, 1)
	r.sh1 = uint8(l - 1)
	// m = 1 + floor(2^(w+l-1) / |d|) - 2^w, kept modulo 2^w.
	if ad == 1 {
		r.m = 1 // 2^w / 1 needs w+1 bits: 1 + 2^w - 2^w
	} else if w == 32 {
		r.m = uint64(uint32(uint64(1)<<(31+l)/ad + 1))
	} else {
		q, _ := bits.Div64(uint64(1)<<(l-1), 0, ad)
		r.m = q + 1
	}
	return r
}

// divByUniform reports whether op o is a 32-bit division or remainder by
// a Uniform divisor, compiled with a record (divUniform32): its code
// keeps to Y0-Y5, RAX, RCX, RDX and R8, so it is cache-safe.
func (g *gen) divByUniform(o *lanes.Op) bool {
	return g.divByUniformOf(o, lanes.I32)
}

// divByUniformOf reports whether op o is a division or remainder of kind
// k by a Uniform divisor (divUniform32, divUniform64).
func (g *gen) divByUniformOf(o *lanes.Op, k lanes.Kind) bool {
	switch o.Code {
	case lanes.UDiv, lanes.SDiv, lanes.UMod, lanes.SRem, lanes.SMod:
	default:
		return false
	}
	return o.Kind == k && g.kind(o.Dst) == k && o.B != lanes.NoValue &&
		g.shape(o.B) == lanes.Uniform && amd64.HasLZCNT()
}

// analyzeDivMemos gives every division by a Uniform divisor that is not a
// constant a memo in the group area, from off: the divisor it last saw
// and its record. The group prologue clears them (the record of 0); an op
// whose divisor differs from its memo's key makes the record anew, out of
// line. A divisor that stays the same for the group (a kernel argument,
// get_local_size, a loop-invariant value) costs one record per group.
func (g *gen) analyzeDivMemos(off int32) int32 {
	for i := range g.p.Ops {
		o := &g.p.Ops[i]
		if g.calls[i] || !(g.divByUniform(o) || g.divByUniformOf(o, lanes.I64)) || g.p.Values[o.B].Const {
			continue
		}
		if g.divMemo == nil {
			g.divMemo = map[int]int32{}
		}
		g.divMemo[i] = off
		off += recSize
	}
	return off
}

// clearDivMemos zeroes the memos (group prologue). Y0 is used.
func (g *gen) clearDivMemos() {
	if len(g.divMemo) == 0 {
		return
	}
	a := &g.a
	g.zero(amd64.Y0)
	for _, off := range g.divMemo {
		a.VMOVDQUstore(amd64.M(rGroup, off), amd64.Y0)
		a.VMOVDQUstoreX(amd64.M(rGroup, off+32), amd64.Y0)
	}
}

// divUniform32 computes the 32-bit division or remainder of Y0 by the
// Uniform divisor in Y1 (broadcast) into Y0 with the divisor's record:
// from the memo of the op, or, for a constant divisor, made here.
func (g *gen) divUniform32(o *lanes.Op) error {
	a := &g.a
	const n, d, t, u, v, c = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5
	signed := o.Code == lanes.SDiv || o.Code == lanes.SRem || o.Code == lanes.SMod
	quot := o.Code == lanes.UDiv || o.Code == lanes.SDiv
	var (
		konst bool
		r     divRecord
		rec   amd64.R
		off   int32
	)
	if !quot && g.caching {
		if q, ok := g.quotientKept(o); ok {
			// n - q*d from the same operands' quotient, still in a cache
			// register; a zero d gives 0.
			a.VPMULLD(t, q, d)
			a.VPSUBD(n, n, t)
			g.zero(t)
			a.VPCMPEQD(t, d, t)
			a.VPANDN(n, t, n)
			g.smodFix(o)
			return nil
		}
	}
	if g.p.Values[o.B].Const {
		konst = true
		r = divRecordOf(g.p.Values[o.B].Bits, 32, signed)
		if r.nz == 0 {
			g.zero(n) // the contract's 0 for a zero divisor
			return nil
		}
		if g.divPow2(o, uint32(r.key)) {
			return nil
		}
	} else {
		mo, ok := g.divMemo[g.op]
		if !ok {
			return errUnsupported("division by a Uniform divisor without a memo")
		}
		rec, off = rGroup, mo
		miss, back := a.NewLabel(), a.NewLabel()
		a.VMOVDtoR(amd64.RAX, d)
		a.CMPQload(amd64.RAX, amd64.M(rec, off+recKey))
		a.Jcc(amd64.CondNE, miss)
		a.BeginCold()
		a.Bind(miss)
		g.divRecordCode(amd64.M(rec, off), signed)
		a.JMP(back)
		a.EndCold()
		a.Bind(back)
	}
	field := func(f int32) amd64.Mem { return amd64.M(rec, off+f) }
	// shift shifts y right by the record's count at field f.
	shift := func(y amd64.Y, f int32, count uint8, arith bool) {
		if konst {
			switch {
			case count == 0:
			case arith:
				a.VPSRAD(y, y, count)
			default:
				a.VPSRLD(y, y, count)
			}
			return
		}
		a.VMOVQload(c, field(f))
		if arith {
			a.VPSRADx(y, y, c)
		} else {
			a.VPSRLDx(y, y, c)
		}
	}
	// The multiplier, then the high halves of its products with n in t.
	if konst {
		a.VMOVDQUload(u, g.splat32(uint32(r.m)))
	} else {
		a.VPBROADCASTDload(u, field(recM))
	}
	mul := a.VPMULUDQ
	if signed {
		mul = a.VPMULDQ
	}
	mul(t, n, u) // even lanes
	a.VPSRLQ(v, n, 32)
	mul(v, v, u) // odd lanes
	a.VPSRLQ(t, t, 32)
	a.VPBLENDD(t, t, v, 0xaa)
	if !signed {
		// q = (t + ((n - t) >> sh1)) >> sh2
		a.VPSUBD(v, n, t)
		shift(v, recSh1, r.sh1, false)
		a.VPADDD(t, t, v)
		shift(t, recSh2, r.sh2, false)
	} else {
		// q = ((n + t) >> sh) - (n >> 31), negated for d < 0.
		a.VPADDD(t, t, n)
		shift(t, recSh1, r.sh1, true)
		a.VPSRAD(v, n, 31)
		a.VPSUBD(t, t, v)
		switch {
		case !konst:
			a.VPBROADCASTDload(v, field(recDsign))
			a.VPXOR(t, t, v)
			a.VPSUBD(t, t, v)
		case r.dsign != 0:
			g.zero(v)
			a.VPSUBD(t, v, t)
		}
	}
	if quot {
		if konst {
			a.VMOVDQU(n, t)
		} else {
			a.VPBROADCASTDload(v, field(recNZ))
			a.VPAND(n, t, v)
		}
		return nil
	}
	// n - q*d; d == -1 gives 0 as it should.
	a.VPMULLD(t, t, d)
	a.VPSUBD(n, n, t)
	if !konst {
		a.VPBROADCASTDload(v, field(recNZ))
		a.VPAND(n, n, v)
	}
	g.smodFix(o)
	return nil
}

// smodFix turns the SRem in Y0 of divisor Y1 into SMod's result for an
// SMod op. Y2 and Y3 are used.
func (g *gen) smodFix(o *lanes.Op) {
	if o.Code == lanes.SMod {
		g.smodAdjust(amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3)
	}
}

// smodAdjust turns the remainder r of divisor d into SMod's: a remainder
// whose sign differs from d's gets d added. t and u are scratch.
func (g *gen) smodAdjust(r, d, t, u amd64.Y) {
	a := &g.a
	g.zero(t)
	a.VPCMPEQD(t, r, t) // r == 0
	a.VPXOR(u, r, d)
	a.VPSRAD(u, u, 31) // sign(r) != sign(d)
	a.VPANDN(u, t, u)
	a.VPAND(u, u, d)
	a.VPADDD(r, r, u)
}

// quotientKept finds, for a remainder op o, the quotient of the same
// operands (UDiv for UMod, SDiv for SRem and SMod) where common
// subexpressions (cse.go) know it and it is in a first-level cache
// register: i / w and i % w then share one multiply-high.
func (g *gen) quotientKept(o *lanes.Op) (amd64.Y, bool) {
	qc := lanes.SDiv
	if o.Code == lanes.UMod {
		qc = lanes.UDiv
	}
	k := cseKey{code: qc, kind: o.Kind, dk: lanes.I32, shape: g.shape(o.Dst), a: o.A, b: o.B, c: lanes.NoValue}
	v, ok := g.cse.get(k)
	if !ok {
		return 0, false
	}
	return g.cache.find(v, 0)
}

// divRecordCode makes the record of the 32-bit divisor in RAX
// (zero-extended) at m, as divRecordOf does: scalar code, out of line.
// RCX, RDX and R8 are used.
func (g *gen) divRecordCode(m amd64.Mem, signed bool) {
	a := &g.a
	const rA, rC, rD, r8 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8
	at := func(f int32) amd64.Mem { return amd64.M(m.Base, m.Disp+f) }
	zero, done := a.NewLabel(), a.NewLabel()
	a.MOVQstore(at(recKey), rA)
	a.TESTL(rA, rA)
	a.Jcc(amd64.CondE, zero)
	if signed {
		// dsign, and |d| (MinInt: 2^31 unsigned).
		a.MOVSXD(rD, rA)
		a.SARQimm(rD, 63)
		a.MOVQstore(at(recDsign), rD)
		a.XORL(rA, rD)
		a.SUBL(rA, rD)
	} else {
		a.MOVQstoreImm(at(recDsign), 0)
	}
	a.MOVL(r8, rA)
	// l = ceil(log2 d) = 32 - lzcnt(d - 1).
	a.DECL(rA)
	a.LZCNTL(rC, rA)
	a.MOVLimm(rA, 32)
	a.SUBL(rA, rC)
	if !signed {
		// m = floor(2^32 * (2^l - d) / d) + 1; sh1 = min(l, 1), sh2 = l - sh1.
		a.MOVL(rC, rA)
		a.MOVLimm(rA, 1)
		a.SHLQcl(rA)
		a.SUBQ(rA, r8)
		a.SHLQimm(rA, 32)
		a.XORL(rD, rD)
		a.DIVQ(r8)
		a.INCQ(rA)
		a.MOVQstore(at(recM), rA)
		a.XORL(rA, rA)
		a.TESTL(rC, rC)
		a.SETcc(amd64.CondNE, rA)
		a.MOVQstore(at(recSh1), rA)
		a.SUBL(rC, rA)
		a.MOVQstore(at(recSh2), rC)
	} else {
		// l = max(l, 1); sh = l - 1; m = floor(2^(31+l) / |d|) + 1, its
		// low 32 bits (|d| == 1: 2^32 + 1, whose low bits are 1).
		a.MOVLimm(rD, 1)
		a.TESTL(rA, rA)
		a.CMOVQcc(amd64.CondE, rA, rD)
		a.MOVL(rC, rA)
		a.DECL(rA)
		a.MOVQstore(at(recSh1), rA)
		a.ADDLimm(rC, 31)
		a.MOVLimm(rA, 1)
		a.SHLQcl(rA)
		a.XORL(rD, rD)
		a.DIVQ(r8)
		a.INCQ(rA)
		a.MOVL(rA, rA)
		a.MOVQstore(at(recM), rA)
		a.MOVQstoreImm(at(recSh2), 0)
	}
	a.MOVLstoreImm(at(recNZ), -1)
	a.JMP(done)
	a.Bind(zero)
	// RAX is 0: the record of 0 is all zeros.
	for _, f := range []int32{recM, recSh1, recSh2, recNZ, recDsign} {
		a.MOVQstore(at(f), rA)
	}
	a.Bind(done)
}

// divUniform64 computes the 64-bit division or remainder of A by the
// Uniform divisor B lane by lane in scalar registers with the divisor's
// record (memo or constant, as divUniform32): a multiply-high (MUL or
// IMUL), shifts and adds in place of DIV and IDIV. A zero divisor stores
// zeros without a lane loop. A Uniform A is computed once and stored to
// every lane of Dst. RAX, RCX, RDX and R8-R11 are used.
func (g *gen) divUniform64(o *lanes.Op) error {
	a := &g.a
	const rA, rC, rD, rM, rN, rS1, rS2 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8, amd64.R9, amd64.R10, amd64.R11
	signed := o.Code == lanes.SDiv || o.Code == lanes.SRem || o.Code == lanes.SMod
	quot := o.Code == lanes.UDiv || o.Code == lanes.SDiv
	lanesOut := int32(chunk)
	if g.shape(o.Dst) == lanes.Uniform {
		lanesOut = 1
	}
	storeAll := func(r amd64.R) {
		for i := range lanesOut {
			a.MOVQstore(g.slot(o.Dst, 8*i), r)
		}
	}
	var (
		konst bool
		r     divRecord
		off   int32
	)
	done := a.NewLabel()
	if g.p.Values[o.B].Const {
		konst = true
		r = divRecordOf(g.p.Values[o.B].Bits, 64, signed)
		if r.nz == 0 {
			a.XORL(rA, rA)
			storeAll(rA)
			return nil
		}
		a.MOVQimm(rM, int64(r.m))
		a.MOVQimm(rC, int64(r.key))
	} else {
		mo, ok := g.divMemo[g.op]
		if !ok {
			return errUnsupported("division by a Uniform divisor without a memo")
		}
		off = mo
		miss, back, zero := a.NewLabel(), a.NewLabel(), a.NewLabel()
		a.MOVQload(rA, g.slot(o.B, 0))
		a.CMPQload(rA, amd64.M(rGroup, off+recKey))
		a.Jcc(amd64.CondNE, miss)
		a.BeginCold()
		a.Bind(miss)
		g.divRecordCode64(amd64.M(rGroup, off), signed)
		a.JMP(back)
		a.Bind(zero)
		a.XORL(rA, rA)
		storeAll(rA)
		a.JMP(done)
		a.EndCold()
		a.Bind(back)
		a.TESTQ(rA, rA)
		a.Jcc(amd64.CondE, zero)
		a.MOVQload(rM, amd64.M(rGroup, off+recM))
		a.MOVQload(rS1, amd64.M(rGroup, off+recSh1))
		if !signed {
			a.MOVQload(rS2, amd64.M(rGroup, off+recSh2))
		}
	}
	field := func(f int32) amd64.Mem { return amd64.M(rGroup, off+f) }
	shift := func(x amd64.R, reg amd64.R, count uint8, arith bool) {
		if konst {
			switch {
			case count == 0:
			case arith:
				a.SARQimm(x, count)
			default:
				a.SHRQimm(x, count)
			}
			return
		}
		a.MOVL(rC, reg)
		if arith {
			a.SARQcl(x)
		} else {
			a.SHRQcl(x)
		}
	}
	n := lanesOut
	if g.shape(o.A) == lanes.Uniform {
		n = 1
	}
	for i := range n {
		a.MOVQload(rN, g.slot(o.A, 8*i))
		a.MOVQ(rA, rN)
		if !signed {
			// q = (t + ((n - t) >> sh1)) >> sh2, t the high half of n*m.
			a.MULQ(rM)
			a.MOVQ(rA, rN)
			a.SUBQ(rA, rD)
			shift(rA, rS1, r.sh1, false)
			a.ADDQ(rA, rD)
			shift(rA, rS2, r.sh2, false)
		} else {
			// q = ((n + t) >> sh) - (n >> 63), negated for d < 0.
			a.IMULQwide(rM)
			a.ADDQ(rD, rN)
			shift(rD, rS1, r.sh1, true)
			a.MOVQ(rA, rN)
			a.SARQimm(rA, 63)
			a.SUBQ(rD, rA)
			switch {
			case !konst:
				a.XORQload(rD, field(recDsign))
				a.SUBQload(rD, field(recDsign))
			case r.dsign != 0:
				a.NEGQ(rD)
			}
			a.MOVQ(rA, rD)
		}
		if !quot {
			// n - q*d; d == -1 gives 0 as it should.
			if konst {
				a.IMULQ(rA, rC)
			} else {
				a.IMULQload(rA, field(recKey))
			}
			a.SUBQ(rN, rA)
			a.MOVQ(rA, rN)
			if o.Code == lanes.SMod {
				// A remainder whose sign differs from d's gets d added.
				skip := a.NewLabel()
				a.TESTQ(rA, rA)
				a.Jcc(amd64.CondE, skip)
				a.MOVQ(rD, rA)
				if konst {
					a.XORQ(rD, rC)
				} else {
					a.XORQload(rD, field(recKey))
				}
				a.Jcc(amd64.CondNS, skip)
				if konst {
					a.ADDQ(rA, rC)
				} else {
					a.ADDQload(rA, field(recKey))
				}
				a.Bind(skip)
			}
		}
		if n == 1 {
			storeAll(rA)
		} else {
			a.MOVQstore(g.slot(o.Dst, 8*i), rA)
		}
	}
	a.Bind(done)
	return nil
}

// divRecordCode64 makes the record of the 64-bit divisor in RAX at m, as
// divRecordOf does (out of line). RAX keeps the divisor; RCX, RDX, R8 and
// R9 are used.
func (g *gen) divRecordCode64(m amd64.Mem, signed bool) {
	a := &g.a
	const rA, rC, rD, r8 = amd64.RAX, amd64.RCX, amd64.RDX, amd64.R8
	at := func(f int32) amd64.Mem { return amd64.M(m.Base, m.Disp+f) }
	zero, done, general := a.NewLabel(), a.NewLabel(), a.NewLabel()
	a.MOVQstore(at(recKey), rA)
	a.TESTQ(rA, rA)
	a.Jcc(amd64.CondE, zero)
	a.MOVQ(r8, rA)
	if signed {
		// dsign, and |d| (MinInt64: 2^63 unsigned).
		a.MOVQ(rD, r8)
		a.SARQimm(rD, 63)
		a.MOVQstore(at(recDsign), rD)
		a.XORQ(r8, rD)
		a.SUBQ(r8, rD)
	} else {
		a.MOVQstoreImm(at(recDsign), 0)
	}
	a.MOVQstoreImm(at(recSh1), 0)
	a.MOVQstoreImm(at(recSh2), 0)
	a.MOVQstoreImm(at(recNZ), -1) // nz, and the pad
	a.MOVLstoreImm(at(recNZ+4), 0)
	// |d| == 1: m = 1, no shifts (2^64 does not fit the division below).
	a.CMPQimm(r8, 1)
	a.Jcc(amd64.CondNE, general)
	a.MOVQstoreImm(at(recM), 1)
	a.JMP(done)
	a.Bind(general)
	// z = lzcnt(|d| - 1): l = 64 - z.
	a.MOVQ(rC, r8)
	a.DECQ(rC)
	a.LZCNTQ(rC, rC)
	a.MOVQ(amd64.R9, rA)
	if !signed {
		// m = floor(2^64 * (2^l - d) / d) + 1, 2^l - d = -d mod 2^l;
		// sh1 = 1, sh2 = l - 1.
		a.MOVQ(rD, r8)
		a.NEGQ(rD)
		a.MOVQimm(rA, -1)
		a.SHRQcl(rA)
		a.ANDQ(rD, rA)
		a.MOVLimm(rA, 63)
		a.SUBL(rA, rC)
		a.MOVQstore(at(recSh2), rA)
		a.MOVQstoreImm(at(recSh1), 1)
	} else {
		// sh = l - 1; m = floor(2^(63+l) / |d|) + 1.
		a.MOVLimm(rA, 63)
		a.SUBL(rA, rC)
		a.MOVQstore(at(recSh1), rA)
		a.MOVL(rC, rA)
		a.MOVLimm(rD, 1)
		a.SHLQcl(rD)
	}
	a.XORL(rA, rA)
	a.DIVQ(r8)
	a.INCQ(rA)
	a.MOVQstore(at(recM), rA)
	a.MOVQ(rA, amd64.R9)
	a.JMP(done)
	a.Bind(zero)
	// RAX is 0: the record of 0 is all zeros.
	for _, f := range []int32{recM, recSh1, recSh2, recNZ, recDsign} {
		a.MOVQstore(at(f), rA)
	}
	a.Bind(done)
}

// divPow2 compiles a 32-bit division or remainder of Y0 by the constant
// d (in Y1) into Y0 with shifts where |d| is a power of two (1 included;
// MinInt is 2^31), and reports whether it did: unsigned, a shift or a
// mask; signed, the dividend biased by 2^k - 1 where it is negative, so
// that the arithmetic shift truncates towards zero.
func (g *gen) divPow2(o *lanes.Op, d uint32) bool {
	a := &g.a
	const n, t, u = amd64.Y0, amd64.Y2, amd64.Y3
	signed := o.Code == lanes.SDiv || o.Code == lanes.SRem || o.Code == lanes.SMod
	ad := d
	if signed && int32(d) < 0 {
		ad = -d
	}
	if ad&(ad-1) != 0 {
		return false
	}
	k := uint8(bits.TrailingZeros32(ad))
	switch o.Code {
	case lanes.UDiv:
		a.VPSRLD(n, n, k)
		return true
	case lanes.UMod:
		a.VPANDmem(n, n, g.splat32(d-1))
		return true
	}
	// bias = (n >> 31 arithmetic) >> (32 - k) logical: 2^k - 1 for n < 0.
	a.VPSRAD(t, n, 31)
	a.VPSRLD(t, t, 32-k)
	a.VPADDD(t, t, n)
	if o.Code == lanes.SDiv {
		a.VPSRAD(n, t, k)
		if int32(d) < 0 {
			g.zero(u)
			a.VPSUBD(n, u, n)
		}
		return true
	}
	// n - trunc(n / 2^k) * 2^k
	a.VPANDmem(t, t, g.splat32(-ad))
	a.VPSUBD(n, n, t)
	g.smodFix(o)
	return true
}
