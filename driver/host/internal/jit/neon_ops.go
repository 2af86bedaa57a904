package jit

import (
	"github.com/clgo/clgo/driver/host/internal/arm64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// The NEON code of the arithmetic, logic, compare and conversion ops.
// Each definition is the lane IR's (lanes/ir.go); where A64 differs from
// it (shift counts, NaN operands of min and max, the double rounding of a
// float32 fma, saturation widths) the code says how it gets there.

// isFloatCode reports whether c reads float operands of its Kind.
func isFloatCode(c lanes.Code) bool {
	switch c {
	case lanes.FAdd, lanes.FSub, lanes.FMul, lanes.FDiv, lanes.FNeg, lanes.FMin, lanes.FMax, lanes.Fma,
		lanes.FAbs, lanes.Sqrt, lanes.Floor, lanes.Ceil, lanes.Trunc, lanes.RoundEven,
		lanes.FOrdEq, lanes.FOrdNe, lanes.FOrdLt, lanes.FOrdLe, lanes.FUnordEq, lanes.FUnordNe,
		lanes.FUnordLt, lanes.FUnordLe, lanes.IsNan, lanes.IsInf, lanes.SignBit, lanes.IsOrdered:
		return true
	}
	return false
}

// emit32 compiles an op whose operands and result are 32-bit lanes.
func (g *ngen) emit32(o *lanes.Op) error {
	if o.Dst == lanes.NoValue || o.A == lanes.NoValue {
		return errNoNEON
	}
	if isFloatCode(o.Code) != (o.Kind == lanes.F32) && o.Code != lanes.Select && o.Code != lanes.FToS && o.Code != lanes.FToU {
		return errNoNEON
	}
	switch o.Code {
	case lanes.UDiv, lanes.SDiv, lanes.UMod, lanes.SRem, lanes.SMod:
		return g.divLanes(o, true)
	}
	a := &g.a
	const S = arm64.S4
	n := g.nregs(o.Dst)
	load := func(vs ...lanes.Value) error {
		for j, v := range vs {
			if v == lanes.NoValue || wide(g.vi(v).Kind) {
				return errNoNEON
			}
			g.vload(vA+arm64.V(4*j), v, n, false)
		}
		return nil
	}
	each := func(f func(d, x, y, z arm64.V)) {
		for i := range n {
			r := arm64.V(i)
			f(vD+r, vA+r, vB+r, vC+r)
		}
	}
	bin := func(op arm64.Op3, swap bool) error {
		if err := load(o.A, o.B); err != nil {
			return err
		}
		each(func(d, x, y, _ arm64.V) {
			if swap {
				x, y = y, x
			}
			a.Vop3(op, S, d, x, y)
		})
		return nil
	}
	binNot := func(op arm64.Op3, swap bool) error {
		if err := bin(op, swap); err != nil {
			return err
		}
		each(func(d, _, _, _ arm64.V) { a.Vop2(arm64.VNOT, arm64.B16, d, d) })
		return nil
	}
	un := func(ops ...arm64.Op2) error {
		if err := load(o.A); err != nil {
			return err
		}
		each(func(d, x, _, _ arm64.V) {
			for j, op := range ops {
				if j > 0 {
					x = d
				}
				a.Vop2(op, S, d, x)
			}
		})
		return nil
	}
	var err error
	switch o.Code {
	case lanes.Add:
		err = bin(arm64.VADD, false)
	case lanes.Sub:
		err = bin(arm64.VSUB, false)
	case lanes.Mul:
		err = bin(arm64.VMUL, false)
	case lanes.UMulHi, lanes.SMulHi:
		// The 64-bit products of lanes 0-1 and 2-3, their odd words.
		lo, hi := arm64.VUMULL, arm64.VUMULL2
		if o.Code == lanes.SMulHi {
			lo, hi = arm64.VSMULL, arm64.VSMULL2
		}
		if err = load(o.A, o.B); err == nil {
			each(func(d, x, y, _ arm64.V) {
				a.Vop3(lo, S, vT1, x, y)
				a.Vop3(hi, S, vT2, x, y)
				a.Vop3(arm64.VUZP2, S, d, vT1, vT2)
			})
		}
	case lanes.And, lanes.MaskAnd:
		err = bin(arm64.VAND, false)
	case lanes.Or, lanes.MaskOr:
		err = bin(arm64.VORR, false)
	case lanes.Xor, lanes.MaskXor:
		err = bin(arm64.VEOR, false)
	case lanes.MaskAndNot:
		err = bin(arm64.VBIC, false)
	case lanes.Not, lanes.MaskNot:
		err = un(arm64.VNOT)
	case lanes.Neg:
		err = un(arm64.VNEG)
	case lanes.SAbs:
		err = un(arm64.VABS)
	case lanes.Shl, lanes.ShrU, lanes.ShrS:
		// USHL and SSHL read a count's low byte, signed (negative: to
		// the right); counts of 32 or more, read unsigned, are clamped
		// to 32, which gives 0 (or the sign bits) as the IR says.
		if err = load(o.A, o.B); err == nil {
			g.konst(vK, 32, false)
			each(func(d, x, y, _ arm64.V) {
				a.Vop3(arm64.VUMIN, S, vT1, y, vK)
				op := arm64.VUSHL
				if o.Code != lanes.Shl {
					a.Vop2(arm64.VNEG, S, vT1, vT1)
					if o.Code == lanes.ShrS {
						op = arm64.VSSHL
					}
				}
				a.Vop3(op, S, d, x, vT1)
			})
		}
	case lanes.UMin:
		err = bin(arm64.VUMIN, false)
	case lanes.UMax:
		err = bin(arm64.VUMAX, false)
	case lanes.SMin:
		err = bin(arm64.VSMIN, false)
	case lanes.SMax:
		err = bin(arm64.VSMAX, false)
	case lanes.BitCount:
		if err = load(o.A); err == nil {
			each(func(d, x, _, _ arm64.V) {
				a.Vop2(arm64.VCNT, arm64.B16, d, x)
				a.Vop2(arm64.VUADDLP, arm64.B16, d, d)
				a.Vop2(arm64.VUADDLP, arm64.H8, d, d)
			})
		}
	case lanes.BitReverse:
		if err = load(o.A); err == nil {
			each(func(d, x, _, _ arm64.V) {
				a.Vop2(arm64.VRBIT, arm64.B16, d, x)
				a.Vop2(arm64.VREV32, arm64.B16, d, d)
			})
		}
	case lanes.FindILsb:
		// The leading zeros of the reversed bits; -1 where A is 0.
		if err = load(o.A); err == nil {
			each(func(d, x, _, _ arm64.V) {
				a.Vop2(arm64.VRBIT, arm64.B16, vT1, x)
				a.Vop2(arm64.VREV32, arm64.B16, vT1, vT1)
				a.Vop2(arm64.VCLZ, S, d, vT1)
				a.Vop2(arm64.VCMEQ0, S, vT2, x)
				a.Vop3(arm64.VORR, S, d, d, vT2)
			})
		}
	case lanes.FindUMsb:
		// 31 - clz: -1 where A is 0.
		if err = load(o.A); err == nil {
			g.konst(vK, 31, false)
			each(func(d, x, _, _ arm64.V) {
				a.Vop2(arm64.VCLZ, S, vT1, x)
				a.Vop3(arm64.VSUB, S, d, vK, vT1)
			})
		}
	case lanes.Zext, lanes.Sext:
		if o.Imm != 8 && o.Imm != 16 && o.Imm != 32 {
			return errNoNEON
		}
		if err = load(o.A); err == nil {
			sh := uint32(32 - o.Imm)
			each(func(d, x, _, _ arm64.V) {
				if sh == 0 {
					a.Vop3(arm64.VORR, S, d, x, x)
					return
				}
				a.Vshift(arm64.VSHL, S, d, x, sh)
				if o.Code == lanes.Zext {
					a.Vshift(arm64.VUSHR, S, d, d, sh)
				} else {
					a.Vshift(arm64.VSSHR, S, d, d, sh)
				}
			})
		}
	case lanes.Eq:
		err = bin(arm64.VCMEQ, false)
	case lanes.Ne:
		err = binNot(arm64.VCMEQ, false)
	case lanes.ULt:
		err = bin(arm64.VCMHI, true)
	case lanes.ULe:
		err = bin(arm64.VCMHS, true)
	case lanes.SLt:
		err = bin(arm64.VCMGT, true)
	case lanes.SLe:
		err = bin(arm64.VCMGE, true)
	case lanes.Select:
		if err = load(o.A, o.B, o.C); err == nil {
			each(func(d, x, y, z arm64.V) {
				a.Vop3(arm64.VORR, S, d, x, x)
				a.Vop3(arm64.VBSL, S, d, y, z)
			})
		}
	case lanes.FAdd:
		err = bin(arm64.VFADD, false)
	case lanes.FSub:
		err = bin(arm64.VFSUB, false)
	case lanes.FMul:
		err = bin(arm64.VFMUL, false)
	case lanes.FDiv:
		err = bin(arm64.VFDIV, false)
	case lanes.FMin, lanes.FMax:
		err = g.fminmax(o, n, false)
	case lanes.Fma:
		// fmath.FMA rounds a float32 fma once (its float64 sum is rounded
		// to odd where it would be a float32 tie): FMLA's fused result.
		if err = load(o.A, o.B, o.C); err == nil {
			each(func(d, x, y, z arm64.V) {
				a.Vop3(arm64.VORR, S, d, z, z)
				a.Vop3(arm64.VFMLA, S, d, x, y)
			})
		}
	case lanes.FNeg:
		err = un(arm64.VFNEG)
	case lanes.FAbs:
		err = un(arm64.VFABS)
	case lanes.Sqrt:
		// A correctly rounded float32 square root is float64's rounded
		// to float32 (53 >= 2*24+2 bits).
		err = un(arm64.VFSQRT)
	case lanes.Floor:
		err = un(arm64.VFRINTM)
	case lanes.Ceil:
		err = un(arm64.VFRINTP)
	case lanes.Trunc:
		err = un(arm64.VFRINTZ)
	case lanes.RoundEven:
		err = un(arm64.VFRINTN)
	case lanes.FOrdEq:
		err = bin(arm64.VFCMEQ, false)
	case lanes.FOrdLt:
		err = bin(arm64.VFCMGT, true)
	case lanes.FOrdLe:
		err = bin(arm64.VFCMGE, true)
	case lanes.FUnordNe:
		err = binNot(arm64.VFCMEQ, false)
	case lanes.FUnordLt:
		err = binNot(arm64.VFCMGE, false)
	case lanes.FUnordLe:
		err = binNot(arm64.VFCMGT, false)
	case lanes.FOrdNe, lanes.FUnordEq:
		if err = load(o.A, o.B); err == nil {
			each(func(d, x, y, _ arm64.V) {
				a.Vop3(arm64.VFCMGT, S, vT1, x, y)
				a.Vop3(arm64.VFCMGT, S, vT2, y, x)
				a.Vop3(arm64.VORR, S, d, vT1, vT2)
				if o.Code == lanes.FUnordEq {
					a.Vop2(arm64.VNOT, arm64.B16, d, d)
				}
			})
		}
	case lanes.IsNan:
		if err = load(o.A); err == nil {
			each(func(d, x, _, _ arm64.V) {
				a.Vop3(arm64.VFCMEQ, S, d, x, x)
				a.Vop2(arm64.VNOT, arm64.B16, d, d)
			})
		}
	case lanes.IsOrdered:
		if err = load(o.A, o.B); err == nil {
			each(func(d, x, y, _ arm64.V) {
				a.Vop3(arm64.VFCMEQ, S, d, x, x)
				a.Vop3(arm64.VFCMEQ, S, vT1, y, y)
				a.Vop3(arm64.VAND, S, d, d, vT1)
			})
		}
	case lanes.IsInf:
		if err = load(o.A); err == nil {
			g.konst(vK, 0x7f800000, false)
			each(func(d, x, _, _ arm64.V) {
				a.Vop2(arm64.VFABS, S, vT1, x)
				a.Vop3(arm64.VCMEQ, S, d, vT1, vK)
			})
		}
	case lanes.SignBit:
		err = un(arm64.VCMLT0)
	case lanes.SToF:
		err = un(arm64.VSCVTF)
	case lanes.UToF:
		err = un(arm64.VUCVTF)
	case lanes.FToS, lanes.FToU:
		if o.Kind != lanes.F32 {
			return errNoNEON
		}
		if err = load(o.A); err == nil {
			err = g.ftoi32(o, n, func(i int) {
				op := arm64.VFCVTZS
				if o.Code == lanes.FToU {
					op = arm64.VFCVTZU
				}
				a.Vop2(op, S, vD+arm64.V(i), vA+arm64.V(i))
			})
		}
	default:
		return errNoNEON
	}
	if err != nil {
		return err
	}
	g.vstore(o.Dst, vD)
	return nil
}

// ftoi32 finishes FToS and FToU into 32-bit lanes: conv(i) leaves in
// vD+i the lanes converted to 32 bits, saturated (NaN 0; FCVTZU and
// UQXTN give 0 for negatives); widths 8 and 16 saturate further and
// are zero-extended, as the IR says.
func (g *ngen) ftoi32(o *lanes.Op, n int, conv func(i int)) error {
	a := &g.a
	const S = arm64.S4
	w := o.Imm
	if w != 8 && w != 16 && w != 32 {
		return errNoNEON
	}
	if w < 32 {
		if o.Code == lanes.FToS {
			g.konst(vK, uint64(1)<<(w-1)-1, false)
			g.konst(vK+1, uint64(uint32(-(int32(1) << (w - 1)))), false)
		} else {
			g.konst(vK, uint64(1)<<w-1, false)
		}
	}
	for i := range n {
		conv(i)
		d := vD + arm64.V(i)
		if w == 32 {
			continue
		}
		if o.Code == lanes.FToS {
			a.Vop3(arm64.VSMIN, S, d, d, vK)
			a.Vop3(arm64.VSMAX, S, d, d, vK+1)
			sh := uint32(32 - w)
			a.Vshift(arm64.VSHL, S, d, d, sh)
			a.Vshift(arm64.VUSHR, S, d, d, sh)
		} else {
			a.Vop3(arm64.VUMIN, S, d, d, vK)
		}
	}
	return nil
}

// fminmax is FMin and FMax (fmath.Min, fmath.Max): FMIN and FMAX order
// -0 below +0, and where an operand is a NaN the other one is taken: B
// if A is NaN (whatever B is), else A if B is NaN.
func (g *ngen) fminmax(o *lanes.Op, n int, d2 bool) error {
	a := &g.a
	arr := arm64.S4
	if d2 {
		arr = arm64.D2
	}
	for j, v := range []lanes.Value{o.A, o.B} {
		if v == lanes.NoValue {
			return errNoNEON
		}
		g.vload(vA+arm64.V(4*j), v, n, d2)
	}
	op := arm64.VFMIN
	if o.Code == lanes.FMax {
		op = arm64.VFMAX
	}
	for i := range n {
		r := arm64.V(i)
		d, x, y := vD+r, vA+r, vB+r
		a.Vop3(op, arr, d, x, y)
		a.Vop3(arm64.VFCMEQ, arr, vT1, x, x)
		a.Vop3(arm64.VFCMEQ, arr, vT2, y, y)
		a.Vop3(arm64.VBSL, arr, vT2, d, x) // B NaN: A
		a.Vop3(arm64.VBSL, arr, vT1, vT2, y)
		a.Vop3(arm64.VORR, arr, d, vT1, vT1) // A NaN: B, also over B's NaN
	}
	return nil
}

// divLanes compiles the divisions lane by lane with UDIV and SDIV (A64
// has no vector division; both give 0 for a zero divisor and SDIV gives
// MinInt for MinInt / -1, as the IR's UDiv and SDiv do).
func (g *ngen) divLanes(o *lanes.Op, w bool) error {
	a := &g.a
	if o.B == lanes.NoValue {
		return errNoNEON
	}
	x, y, q, r := arm64.X5, arm64.X6, arm64.X9, arm64.X8
	return g.perLane(o, func() {
		switch o.Code {
		case lanes.UDiv:
			a.UDIV(r, x, y, w)
		case lanes.SDiv:
			a.SDIV(r, x, y, w)
		case lanes.UMod, lanes.SRem, lanes.SMod:
			if o.Code == lanes.UMod {
				a.UDIV(q, x, y, w)
			} else {
				a.SDIV(q, x, y, w)
			}
			a.MSUB(r, q, y, x, w) // x - q*y: 0 for B == -1
			a.CMPimm(y, 0, w)
			a.CSEL(r, arm64.ZR, r, arm64.EQ, w) // B == 0 gives 0
			if o.Code == lanes.SMod {
				// Where r != 0 and its sign differs from B's: r + B.
				a.EOR(arm64.X10, r, y, w)
				a.ADD(arm64.X11, r, y, w)
				a.CMPimm(arm64.X10, 0, w)
				a.CSEL(arm64.X11, arm64.X11, r, arm64.LT, w)
				a.CMPimm(r, 0, w)
				a.CSEL(r, r, arm64.X11, arm64.EQ, w)
			}
		}
	})
}

// perLane emits body once per lane (once for a Uniform result) with
// lane l's operands A, B, C in X5, X6, X7 (32-bit kinds zero-extended)
// and stores X8 to the result's lane.
func (g *ngen) perLane(o *lanes.Op, body func()) error {
	if o.Dst == lanes.NoValue {
		return errNoNEON
	}
	n := chunk
	if g.uniform(o.Dst) {
		n = 1
	}
	size := func(v lanes.Value) (uint32, int64) {
		if wide(g.vi(v).Kind) {
			return arm64.Dword, 8
		}
		return arm64.Word, 4
	}
	for l := range n {
		for j, v := range []lanes.Value{o.A, o.B, o.C} {
			if v == lanes.NoValue {
				continue
			}
			s, b := size(v)
			off := int64(g.vi(v).Slot)
			if !g.uniform(v) {
				off += int64(l) * b
			}
			g.ld(arm64.X5+arm64.Reg(j), nFrame, off, s)
		}
		body()
		s, b := size(o.Dst)
		g.st(arm64.X8, nFrame, int64(g.vi(o.Dst).Slot)+int64(l)*b, s)
	}
	return nil
}

// emit64 compiles an op with a 64-bit operand or result.
func (g *ngen) emit64(o *lanes.Op) error {
	if o.Dst == lanes.NoValue || o.A == lanes.NoValue {
		return errNoNEON
	}
	a := &g.a
	const D = arm64.D2
	dk, ak := g.vi(o.Dst).Kind, g.vi(o.A).Kind
	switch o.Code {
	case lanes.UDiv, lanes.SDiv, lanes.UMod, lanes.SRem, lanes.SMod:
		if o.Kind != lanes.I64 || dk != lanes.I64 {
			return errNoNEON
		}
		return g.divLanes(o, false)
	case lanes.Mul, lanes.UMulHi, lanes.SMulHi:
		if o.Kind != lanes.I64 || dk != lanes.I64 {
			return errNoNEON
		}
		return g.perLane(o, func() {
			switch o.Code {
			case lanes.Mul:
				a.MUL(arm64.X8, arm64.X5, arm64.X6, false)
			case lanes.UMulHi:
				a.UMULH(arm64.X8, arm64.X5, arm64.X6)
			default:
				a.SMULH(arm64.X8, arm64.X5, arm64.X6)
			}
		})
	case lanes.FindILsb, lanes.FindUMsb:
		if ak != lanes.I64 {
			return errNoNEON
		}
		return g.perLane(o, func() {
			if o.Code == lanes.FindILsb {
				a.RBIT(arm64.X9, arm64.X5)
				a.CLZ(arm64.X8, arm64.X9)
				a.CMPimm(arm64.X5, 0, false)
				a.CSINV(arm64.X8, arm64.X8, arm64.ZR, arm64.NE, false)
				return
			}
			a.CLZ(arm64.X9, arm64.X5)
			a.MOVimm(arm64.X10, 63)
			a.SUB(arm64.X8, arm64.X10, arm64.X9, false)
		})
	case lanes.SToF, lanes.UToF:
		if ak == lanes.I64 && dk == lanes.F32 {
			// Rounded once from 64 bits: the scalar conversion.
			return g.perLane(o, func() {
				if o.Code == lanes.SToF {
					a.SCVTFsx(0, arm64.X5)
				} else {
					a.UCVTFsx(0, arm64.X5)
				}
				a.FMOVfromS(arm64.X8, 0)
			})
		}
	}
	nd := g.nregs(o.Dst)
	// Operands of 64-bit lanes in D2 registers, as many as a 64-bit
	// value of the result's shape takes.
	nw := 4
	if g.uniform(o.Dst) {
		nw = 1
	}
	load64 := func(vs ...lanes.Value) error {
		for j, v := range vs {
			if v == lanes.NoValue || !wide(g.vi(v).Kind) {
				return errNoNEON
			}
			g.vload(vA+arm64.V(4*j), v, nw, true)
		}
		return nil
	}
	each := func(f func(d, x, y, z arm64.V)) {
		for i := range nw {
			r := arm64.V(i)
			f(vD+r, vA+r, vB+r, vC+r)
		}
	}
	// narrow turns 64-bit lanes at vD.. into the result's 32-bit lanes
	// (a mask's all ones stay all ones).
	narrow := func(op, op2 arm64.Op2) {
		for j := range nd {
			src := vD + arm64.V(2*j)
			a.Vop2(op, arm64.S4, vT1+arm64.V(j), src)
			if nw > 1 {
				a.Vop2(op2, arm64.S4, vT1+arm64.V(j), src+1)
			}
		}
		for j := range nd {
			a.Vop3(arm64.VORR, arm64.S4, vD+arm64.V(j), vT1+arm64.V(j), vT1+arm64.V(j))
		}
	}
	mask := wide(ak) && dk == lanes.Mask
	bin := func(op arm64.Op3, swap bool) error {
		if err := load64(o.A, o.B); err != nil {
			return err
		}
		each(func(d, x, y, _ arm64.V) {
			if swap {
				x, y = y, x
			}
			a.Vop3(op, D, d, x, y)
		})
		return nil
	}
	not := func() {
		each(func(d, _, _, _ arm64.V) { a.Vop2(arm64.VNOT, arm64.B16, d, d) })
	}
	un := func(ops ...arm64.Op2) error {
		if err := load64(o.A); err != nil {
			return err
		}
		each(func(d, x, _, _ arm64.V) {
			for j, op := range ops {
				if j > 0 {
					x = d
				}
				arr := D
				if op == arm64.VNOT || op == arm64.VCNT || op == arm64.VRBIT || op == arm64.VREV64 {
					arr = arm64.B16
				}
				a.Vop2(op, arr, d, x)
			}
		})
		return nil
	}
	// widen loads 32-bit A and widens each half into vD.. with op, op2.
	widen := func(op, op2 func(d, s arm64.V)) error {
		if wide(ak) {
			return errNoNEON
		}
		n32 := 2
		if nw == 1 {
			n32 = 1
		}
		g.vload(vA, o.A, n32, false)
		for j := range nw {
			src := vA + arm64.V(j/2)
			if j%2 == 0 {
				op(vD+arm64.V(j), src)
			} else {
				op2(vD+arm64.V(j), src)
			}
		}
		return nil
	}
	shll := func(op arm64.ShiftOp) func(d, s arm64.V) {
		return func(d, s arm64.V) { a.Vshift(op, arm64.S4, d, s, 0) }
	}
	var err error
	switch o.Code {
	case lanes.Add:
		err = bin(arm64.VADD, false)
	case lanes.Sub:
		err = bin(arm64.VSUB, false)
	case lanes.And:
		err = bin(arm64.VAND, false)
	case lanes.Or:
		err = bin(arm64.VORR, false)
	case lanes.Xor:
		err = bin(arm64.VEOR, false)
	case lanes.Not:
		err = un(arm64.VNOT)
	case lanes.Neg:
		err = un(arm64.VNEG)
	case lanes.SAbs:
		err = un(arm64.VABS)
	case lanes.BitReverse:
		err = un(arm64.VRBIT, arm64.VREV64)
	case lanes.BitCount:
		if err = load64(o.A); err == nil {
			each(func(d, x, _, _ arm64.V) {
				a.Vop2(arm64.VCNT, arm64.B16, d, x)
				a.Vop2(arm64.VUADDLP, arm64.B16, d, d)
				a.Vop2(arm64.VUADDLP, arm64.H8, d, d)
				a.Vop2(arm64.VUADDLP, arm64.S4, d, d)
			})
		}
	case lanes.Shl, lanes.ShrU, lanes.ShrS:
		// Counts above 64 (unsigned) become 64 (see emit32).
		if err = load64(o.A, o.B); err == nil {
			g.konst(vK, 64, true)
			each(func(d, x, y, _ arm64.V) {
				a.Vop3(arm64.VCMHI, D, vT2, y, vK)
				a.Vop3(arm64.VORR, D, vT1, y, y)
				a.Vop3(arm64.VBIT, D, vT1, vK, vT2)
				op := arm64.VUSHL
				if o.Code != lanes.Shl {
					a.Vop2(arm64.VNEG, D, vT1, vT1)
					if o.Code == lanes.ShrS {
						op = arm64.VSSHL
					}
				}
				a.Vop3(op, D, d, x, vT1)
			})
		}
	case lanes.UMin, lanes.UMax, lanes.SMin, lanes.SMax:
		if err = load64(o.A, o.B); err == nil {
			cmp := arm64.VCMHI
			if o.Code == lanes.SMin || o.Code == lanes.SMax {
				cmp = arm64.VCMGT
			}
			each(func(d, x, y, _ arm64.V) {
				a.Vop3(cmp, D, d, x, y) // A > B
				if o.Code == lanes.UMin || o.Code == lanes.SMin {
					a.Vop3(arm64.VBSL, D, d, y, x)
				} else {
					a.Vop3(arm64.VBSL, D, d, x, y)
				}
			})
		}
	case lanes.Zext, lanes.Sext:
		if o.Imm != 8 && o.Imm != 16 && o.Imm != 32 {
			return errNoNEON
		}
		if err = load64(o.A); err == nil {
			sh := uint32(64 - o.Imm)
			each(func(d, x, _, _ arm64.V) {
				a.Vshift(arm64.VSHL, D, d, x, sh)
				if o.Code == lanes.Zext {
					a.Vshift(arm64.VUSHR, D, d, d, sh)
				} else {
					a.Vshift(arm64.VSSHR, D, d, d, sh)
				}
			})
		}
	case lanes.Eq, lanes.Ne, lanes.ULt, lanes.ULe, lanes.SLt, lanes.SLe:
		if !mask {
			return errNoNEON
		}
		switch o.Code {
		case lanes.Eq, lanes.Ne:
			err = bin(arm64.VCMEQ, false)
			if o.Code == lanes.Ne && err == nil {
				not()
			}
		case lanes.ULt:
			err = bin(arm64.VCMHI, true)
		case lanes.ULe:
			err = bin(arm64.VCMHS, true)
		case lanes.SLt:
			err = bin(arm64.VCMGT, true)
		case lanes.SLe:
			err = bin(arm64.VCMGE, true)
		}
		if err == nil {
			narrow(arm64.VXTN, arm64.VXTN2)
		}
	case lanes.Select:
		// The 32-bit mask widened to 64-bit lanes, then BSL.
		if !wide(dk) || o.B == lanes.NoValue || o.C == lanes.NoValue {
			return errNoNEON
		}
		n32 := 2
		if nw == 1 {
			n32 = 1
		}
		g.vload(vA, o.A, n32, false)
		g.vload(vB, o.B, nw, true)
		g.vload(vC, o.C, nw, true)
		for j := range nw {
			op := arm64.VSSHLL
			if j%2 == 1 {
				op = arm64.VSSHLL2
			}
			d := vD + arm64.V(j)
			a.Vshift(op, arm64.S4, d, vA+arm64.V(j/2), 0)
			a.Vop3(arm64.VBSL, D, d, vB+arm64.V(j), vC+arm64.V(j))
		}
	case lanes.FAdd:
		err = bin(arm64.VFADD, false)
	case lanes.FSub:
		err = bin(arm64.VFSUB, false)
	case lanes.FMul:
		err = bin(arm64.VFMUL, false)
	case lanes.FDiv:
		err = bin(arm64.VFDIV, false)
	case lanes.FMin, lanes.FMax:
		if o.Kind != lanes.F64 {
			return errNoNEON
		}
		err = g.fminmax(o, nw, true)
	case lanes.Fma:
		// float64: math.FMA, one rounding: FMLA.
		if o.Kind != lanes.F64 {
			return errNoNEON
		}
		if err = load64(o.A, o.B, o.C); err == nil {
			each(func(d, x, y, z arm64.V) {
				a.Vop3(arm64.VORR, D, d, z, z)
				a.Vop3(arm64.VFMLA, D, d, x, y)
			})
		}
	case lanes.FNeg:
		err = un(arm64.VFNEG)
	case lanes.FAbs:
		err = un(arm64.VFABS)
	case lanes.Sqrt:
		err = un(arm64.VFSQRT)
	case lanes.Floor:
		err = un(arm64.VFRINTM)
	case lanes.Ceil:
		err = un(arm64.VFRINTP)
	case lanes.Trunc:
		err = un(arm64.VFRINTZ)
	case lanes.RoundEven:
		err = un(arm64.VFRINTN)
	case lanes.FOrdEq, lanes.FOrdNe, lanes.FOrdLt, lanes.FOrdLe, lanes.FUnordEq, lanes.FUnordNe,
		lanes.FUnordLt, lanes.FUnordLe, lanes.IsNan, lanes.IsInf, lanes.SignBit, lanes.IsOrdered:
		if !mask || o.Kind != lanes.F64 {
			return errNoNEON
		}
		switch o.Code {
		case lanes.FOrdEq:
			err = bin(arm64.VFCMEQ, false)
		case lanes.FOrdLt:
			err = bin(arm64.VFCMGT, true)
		case lanes.FOrdLe:
			err = bin(arm64.VFCMGE, true)
		case lanes.FUnordNe:
			if err = bin(arm64.VFCMEQ, false); err == nil {
				not()
			}
		case lanes.FUnordLt:
			if err = bin(arm64.VFCMGE, false); err == nil {
				not()
			}
		case lanes.FUnordLe:
			if err = bin(arm64.VFCMGT, false); err == nil {
				not()
			}
		case lanes.FOrdNe, lanes.FUnordEq:
			if err = load64(o.A, o.B); err == nil {
				each(func(d, x, y, _ arm64.V) {
					a.Vop3(arm64.VFCMGT, D, vT1, x, y)
					a.Vop3(arm64.VFCMGT, D, vT2, y, x)
					a.Vop3(arm64.VORR, D, d, vT1, vT2)
				})
				if o.Code == lanes.FUnordEq {
					not()
				}
			}
		case lanes.IsNan:
			if err = load64(o.A); err == nil {
				each(func(d, x, _, _ arm64.V) { a.Vop3(arm64.VFCMEQ, D, d, x, x) })
				not()
			}
		case lanes.IsOrdered:
			if err = load64(o.A, o.B); err == nil {
				each(func(d, x, y, _ arm64.V) {
					a.Vop3(arm64.VFCMEQ, D, d, x, x)
					a.Vop3(arm64.VFCMEQ, D, vT1, y, y)
					a.Vop3(arm64.VAND, D, d, d, vT1)
				})
			}
		case lanes.IsInf:
			if err = load64(o.A); err == nil {
				g.konst(vK, 0x7ff0000000000000, true)
				each(func(d, x, _, _ arm64.V) {
					a.Vop2(arm64.VFABS, D, vT1, x)
					a.Vop3(arm64.VCMEQ, D, d, vT1, vK)
				})
			}
		case lanes.SignBit:
			err = un(arm64.VCMLT0)
		}
		if err == nil {
			narrow(arm64.VXTN, arm64.VXTN2)
		}
	case lanes.SToF, lanes.UToF:
		switch {
		case ak == lanes.I64 && dk == lanes.F64:
			if o.Code == lanes.SToF {
				err = un(arm64.VSCVTF)
			} else {
				err = un(arm64.VUCVTF)
			}
		case ak == lanes.I32 && dk == lanes.F64:
			// Widened exactly, then converted (exact too).
			sh, sh2, cv := arm64.VSSHLL, arm64.VSSHLL2, arm64.VSCVTF
			if o.Code == lanes.UToF {
				sh, sh2, cv = arm64.VUSHLL, arm64.VUSHLL2, arm64.VUCVTF
			}
			if err = widen(shll(sh), shll(sh2)); err == nil {
				each(func(d, _, _, _ arm64.V) { a.Vop2(cv, D, d, d) })
			}
		default:
			return errNoNEON
		}
	case lanes.FToS, lanes.FToU:
		cv := arm64.VFCVTZS
		if o.Code == lanes.FToU {
			cv = arm64.VFCVTZU
		}
		switch {
		case dk == lanes.I64 && o.Imm == 64 && ak == lanes.F64:
			err = un(cv)
		case dk == lanes.I64 && o.Imm == 64 && ak == lanes.F32:
			if err = widen(func(d, s arm64.V) { a.Vop2(arm64.VFCVTL, arm64.S4, d, s) },
				func(d, s arm64.V) { a.Vop2(arm64.VFCVTL2, arm64.S4, d, s) }); err == nil {
				each(func(d, _, _, _ arm64.V) { a.Vop2(cv, D, d, d) })
			}
		case dk == lanes.I32 && ak == lanes.F64:
			// To 64 bits saturated, then narrowed saturating to 32
			// (SQXTN, UQXTN), then ftoi32's narrower widths.
			if err = un(cv); err == nil {
				if o.Code == lanes.FToS {
					narrow(arm64.VSQXTN, arm64.VSQXTN2)
				} else {
					narrow(arm64.VUQXTN, arm64.VUQXTN2)
				}
				err = g.ftoi32(o, nd, func(int) {})
			}
		default:
			return errNoNEON
		}
	case lanes.FConvert:
		switch {
		case ak == lanes.F32 && dk == lanes.F64:
			err = widen(func(d, s arm64.V) { a.Vop2(arm64.VFCVTL, arm64.S4, d, s) },
				func(d, s arm64.V) { a.Vop2(arm64.VFCVTL2, arm64.S4, d, s) })
		case ak == lanes.F64 && dk == lanes.F32:
			if err = load64(o.A); err == nil {
				each(func(d, x, _, _ arm64.V) { a.Vop3(arm64.VORR, D, d, x, x) })
				narrow(arm64.VFCVTN, arm64.VFCVTN2)
			}
		default:
			return errNoNEON
		}
	case lanes.ZextTo64:
		err = widen(shll(arm64.VUSHLL), shll(arm64.VUSHLL2))
	case lanes.SextTo64:
		err = widen(shll(arm64.VSSHLL), shll(arm64.VSSHLL2))
	case lanes.Trunc64:
		if err = load64(o.A); err == nil {
			each(func(d, x, _, _ arm64.V) { a.Vop3(arm64.VORR, D, d, x, x) })
			narrow(arm64.VXTN, arm64.VXTN2)
		}
	case lanes.Hi32:
		if err = load64(o.A); err == nil {
			each(func(d, x, _, _ arm64.V) { a.Vshift(arm64.VUSHR, D, d, x, 32) })
			narrow(arm64.VXTN, arm64.VXTN2)
		}
	case lanes.Pack64:
		// A | B<<32: the words interleaved.
		if o.B == lanes.NoValue || wide(ak) || wide(g.vi(o.B).Kind) {
			return errNoNEON
		}
		n32 := 2
		if nw == 1 {
			n32 = 1
		}
		g.vload(vA, o.A, n32, false)
		g.vload(vB, o.B, n32, false)
		for j := range nw {
			op := arm64.VZIP1
			if j%2 == 1 {
				op = arm64.VZIP2
			}
			a.Vop3(op, arm64.S4, vD+arm64.V(j), vA+arm64.V(j/2), vB+arm64.V(j/2))
		}
	default:
		return errNoNEON
	}
	if err != nil {
		return err
	}
	g.vstore(o.Dst, vD)
	return nil
}

// half compiles HalfToF and FToHalf (lanes/half.go): the halves' bits
// narrowed to 16-bit lanes and widened by FCVTL (exact; a signaling NaN
// comes out quiet with its payload, as the IR says), and floats rounded
// by FCVTN to nearest even (float64 first to float32 rounded to odd,
// FCVTXN, so that the rounding to half is the one that counts), a NaN
// then replaced by 0x7e00 with its sign.
func (g *ngen) half(o *lanes.Op) error {
	if o.Dst == lanes.NoValue || o.A == lanes.NoValue {
		return errNoNEON
	}
	a := &g.a
	const S = arm64.S4
	n := g.nregs(o.Dst)
	dk, ak := g.vi(o.Dst).Kind, g.vi(o.A).Kind
	if o.Code == lanes.HalfToF {
		if ak != lanes.I32 || dk != lanes.F32 {
			return errNoNEON
		}
		g.vload(vA, o.A, n, false)
		a.Vop2(arm64.VXTNH, S, vT1, vA)
		if n == 2 {
			a.Vop2(arm64.VXTN2H, S, vT1, vA+1)
		}
		a.Vop2(arm64.VFCVTLH, S, vD, vT1)
		if n == 2 {
			a.Vop2(arm64.VFCVTL2H, S, vD+1, vT1)
		}
		g.vstore(o.Dst, vD)
		return nil
	}
	if dk != lanes.I32 {
		return errNoNEON
	}
	switch ak {
	case lanes.F32:
		g.vload(vA, o.A, n, false)
	case lanes.F64:
		nw := 4
		if n == 1 {
			nw = 1
		}
		g.vload(vB, o.A, nw, true)
		for j := range n {
			a.Vop2(arm64.VFCVTXN, S, vA+arm64.V(j), vB+arm64.V(2*j))
			if nw > 1 {
				a.Vop2(arm64.VFCVTXN2, S, vA+arm64.V(j), vB+arm64.V(2*j+1))
			}
		}
	default:
		return errNoNEON
	}
	g.konst(vK, 0x7e00, false)
	for i := range n {
		x, d := vA+arm64.V(i), vD+arm64.V(i)
		a.Vop2(arm64.VFCVTNH, S, vT1, x)
		a.Vop2(arm64.VUXTLH, S, d, vT1)
		a.Vshift(arm64.VUSHR, S, vT2, x, 31)
		a.Vshift(arm64.VSHL, S, vT2, vT2, 15)
		a.Vop3(arm64.VORR, S, vT2, vT2, vK)
		a.Vop3(arm64.VFCMEQ, S, vT3, x, x)
		a.Vop3(arm64.VBSL, S, vT3, d, vT2)
		a.Vop3(arm64.VORR, S, d, vT3, vT3)
	}
	g.vstore(o.Dst, vD)
	return nil
}
