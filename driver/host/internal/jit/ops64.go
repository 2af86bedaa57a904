package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// emit64 compiles the ops that read or write 64-bit kinds. 64-bit
// operands A, B, C are loaded into the pairs (Y0, Y1), (Y2, Y3), (Y4,
// Y5); a 64-bit result is (Y0, Y1), a 32-bit one Y0.
func (g *gen) emit64(o *lanes.Op) error {
	a := &g.a
	const x0, x1, y0, y1, z0, z1 = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5
	const t0, t1, u0, u1 = amd64.Y6, amd64.Y7, amd64.Y8, amd64.Y9
	wide := o.Kind == lanes.I64 || o.Kind == lanes.F64
	if o.Code == lanes.Math {
		return g.mathOp(o)
	}
	if g.emitRotate(o) {
		return nil
	}
	if g.directCode(o) {
		g.emitDirect(o)
		return nil
	}
	if ok, err := g.conv64(o); ok || err != nil {
		return err
	}

	// Conversions from 32-bit operands to 64-bit results.
	if !wide {
		g.ld(x0, o.A)
		switch {
		case o.Code == lanes.ZextTo64 || o.Code == lanes.SextTo64:
			g.widen(x0, x1, x0, o.Code == lanes.SextTo64)
		case o.Code == lanes.Pack64:
			g.ld(y0, o.B)
			a.VPUNPCKLDQ(z0, x0, y0)
			a.VPUNPCKHDQ(z1, x0, y0)
			a.VPERM2I128(x0, z0, z1, 0x20)
			a.VPERM2I128(x1, z0, z1, 0x31)
		case o.Code == lanes.FConvert && o.Kind == lanes.F32:
			a.VEXTRACTI128(x1, x0, 1)
			a.VCVTPS2PD(x0, x0)
			a.VCVTPS2PD(x1, x1)
		case o.Code == lanes.SToF && o.Kind == lanes.I32:
			a.VEXTRACTI128(x1, x0, 1)
			a.VCVTDQ2PD(x0, x0)
			a.VCVTDQ2PD(x1, x1)
		case o.Code == lanes.UToF && o.Kind == lanes.I32:
			a.VPXORmem(x0, x0, g.splat32(1<<31))
			a.VEXTRACTI128(x1, x0, 1)
			a.VCVTDQ2PD(x0, x0)
			a.VCVTDQ2PD(x1, x1)
			a.VMOVDQUload(t0, g.splat64(f64bits(1<<31)))
			a.VADDPD(x0, x0, t0)
			a.VADDPD(x1, x1, t0)
		default:
			return errUnsupported("no code from 32-bit operands to a 64-bit result")
		}
		g.st64(o.Dst, x0, x1)
		return nil
	}

	if o.Code == lanes.Select {
		// Y0-Y5 only (the register cache keeps the rest).
		g.ld(x0, o.A)
		g.widen(z0, z1, x0, true)
		g.ld64(x0, x1, o.B)
		g.ld64(y0, y1, o.C)
		a.VBLENDVPD(x0, y0, x0, z0)
		a.VBLENDVPD(x1, y1, x1, z1)
		g.st64(o.Dst, x0, x1)
		return nil
	}
	for i, v := range [3]lanes.Value{o.A, o.B, o.C} {
		if v != lanes.NoValue {
			g.ld64(amd64.Y(2*i), amd64.Y(2*i+1), v)
		}
	}
	// Two-operand element-wise ops, applied to both halves.
	pair := func(f func(d, x, y amd64.Y)) {
		f(x0, x0, y0)
		f(x1, x1, y1)
	}
	mask := false // the result is a mask in the qwords of (x0, x1)
	switch o.Code {
	case lanes.Copy, lanes.Bitcast:
	case lanes.Not:
		g.ones(y0)
		a.VPXOR(x0, x0, y0)
		a.VPXOR(x1, x1, y0)
	case lanes.Neg:
		g.zero(y0)
		a.VPSUBQ(x0, y0, x0)
		a.VPSUBQ(x1, y0, x1)
	case lanes.Mul:
		pair(g.mul64)
	case lanes.UDiv, lanes.SDiv, lanes.UMod, lanes.SRem, lanes.SMod:
		if g.divByUniformOf(o, lanes.I64) {
			return g.divUniform64(o) // divmagic.go
		}
		return g.div64(o)
	case lanes.UMulHi, lanes.SMulHi:
		return g.mulHi64(o)
	case lanes.ShrS:
		// ((x ^ s) >> n) ^ s, s the sign of x: counts >= 64 give s.
		pair(func(d, x, n amd64.Y) {
			g.zero(t0)
			a.VPCMPGTQ(t0, t0, x)
			a.VPXOR(d, x, t0)
			a.VPSRLVQ(d, d, n)
			a.VPXOR(d, d, t0)
		})
	case lanes.SMin, lanes.SMax, lanes.UMin, lanes.UMax:
		unsigned := o.Code == lanes.UMin || o.Code == lanes.UMax
		isMin := o.Code == lanes.SMin || o.Code == lanes.UMin
		pair(func(d, x, y amd64.Y) {
			g.gtq(t0, x, y, unsigned) // x > y
			if isMin {
				a.VBLENDVPD(d, x, y, t0)
			} else {
				a.VBLENDVPD(d, y, x, t0)
			}
		})
	case lanes.SAbs:
		pair(func(d, x, _ amd64.Y) {
			g.zero(t0)
			a.VPCMPGTQ(t0, t0, x)
			a.VPXOR(d, x, t0)
			a.VPSUBQ(d, d, t0)
		})
	case lanes.Zext, lanes.Sext:
		if o.Imm != 32 {
			return errUnsupported("64-bit Zext/Sext of fewer than 32 bits")
		}
		pair(func(d, x, _ amd64.Y) {
			if o.Code == lanes.Zext {
				a.VPANDmem(d, x, g.splat64(1<<32-1))
			} else {
				a.VPSLLQ(d, x, 32)
				g.srai64by32(d, d)
			}
		})
	case lanes.Eq:
		pair(a.VPCMPEQQ)
		mask = true
	case lanes.Ne:
		pair(a.VPCMPEQQ)
		g.ones(y0)
		a.VPXOR(x0, x0, y0)
		a.VPXOR(x1, x1, y0)
		mask = true
	case lanes.SLt, lanes.ULt:
		pair(func(d, x, y amd64.Y) { g.gtq(d, y, x, o.Code == lanes.ULt) })
		mask = true
	case lanes.SLe, lanes.ULe:
		pair(func(d, x, y amd64.Y) { g.gtq(d, x, y, o.Code == lanes.ULe) })
		g.ones(y0)
		a.VPXOR(x0, x0, y0)
		a.VPXOR(x1, x1, y0)
		mask = true
	case lanes.Trunc64, lanes.Hi32:
		g.narrow(x0, x0, x1, o.Code == lanes.Hi32)
		g.st(o.Dst, x0)
		return nil

	case lanes.FNeg:
		a.VMOVDQUload(y0, g.splat64(1<<63))
		a.VPXOR(x0, x0, y0)
		a.VPXOR(x1, x1, y0)
	case lanes.FAbs:
		a.VMOVDQUload(y0, g.splat64(1<<63-1))
		a.VPAND(x0, x0, y0)
		a.VPAND(x1, x1, y0)
	case lanes.Fma:
		a.VFMADD213PD(x0, y0, z0)
		a.VFMADD213PD(x1, y1, z1)
	case lanes.Sqrt:
		a.VSQRTPD(x0, x0)
		a.VSQRTPD(x1, x1)
	case lanes.Floor, lanes.Ceil, lanes.Trunc, lanes.RoundEven:
		m := map[lanes.Code]uint8{lanes.Floor: amd64.RoundDown, lanes.Ceil: amd64.RoundUp,
			lanes.Trunc: amd64.RoundTrunc, lanes.RoundEven: amd64.RoundNearest}[o.Code]
		a.VROUNDPD(x0, x0, m|amd64.RoundNoExc)
		a.VROUNDPD(x1, x1, m|amd64.RoundNoExc)
	case lanes.FMin, lanes.FMax:
		// fminmax works on Y0, Y1: run it per half.
		a.VMOVDQU(u0, x1)
		a.VMOVDQU(u1, y1)
		a.VMOVDQU(x1, y0)
		g.fminmax(o.Code == lanes.FMin, true)
		a.VMOVDQU(t1, x0)
		a.VMOVDQU(x0, u0)
		a.VMOVDQU(x1, u1)
		g.fminmax(o.Code == lanes.FMin, true)
		a.VMOVDQU(x1, x0)
		a.VMOVDQU(x0, t1)
	case lanes.FOrdEq, lanes.FOrdNe, lanes.FOrdLt, lanes.FOrdLe, lanes.FUnordEq,
		lanes.FUnordNe, lanes.FUnordLt, lanes.FUnordLe, lanes.IsOrdered:
		p := fcmpPred[o.Code]
		a.VCMPPD(x0, x0, y0, p)
		a.VCMPPD(x1, x1, y1, p)
		mask = true
	case lanes.IsNan:
		a.VCMPPD(x0, x0, x0, amd64.CmpUNORDQ)
		a.VCMPPD(x1, x1, x1, amd64.CmpUNORDQ)
		mask = true
	case lanes.IsInf:
		a.VMOVDQUload(t0, g.splat64(1<<63-1))
		a.VMOVDQUload(t1, g.splat64(0x7ff0000000000000))
		pair(func(d, x, _ amd64.Y) {
			a.VPAND(d, x, t0)
			a.VPCMPEQQ(d, d, t1)
		})
		mask = true
	case lanes.SignBit:
		g.narrow(x0, x0, x1, true)
		a.VPSRAD(x0, x0, 31)
		g.st(o.Dst, x0)
		return nil
	case lanes.FConvert:
		a.VCVTPD2PS(x0, x0)
		a.VCVTPD2PS(x1, x1)
		a.VINSERTI128(x0, x0, x1, 1)
		g.st(o.Dst, x0)
		return nil
	case lanes.FToS, lanes.FToU:
		if o.Imm > 32 {
			return errUnsupported("conversion to 64-bit integers")
		}
		g.ftoi(x0, x0, x1, o.Code == lanes.FToS, int(o.Imm))
		g.st(o.Dst, x0)
		return nil
	default:
		// One instruction (insn.go).
		f := insn(o.Code, true).reg
		if f == nil {
			return errUnsupported("no 64-bit code")
		}
		pair(func(d, x, y amd64.Y) { f(a, d, x, y) })
	}
	if mask {
		g.narrow(x0, x0, x1, false)
		g.st(o.Dst, x0)
		return nil
	}
	g.st64(o.Dst, x0, x1)
	return nil
}

// gtq sets d to x > y per qword, signed or unsigned (x, y kept).
func (g *gen) gtq(d, x, y amd64.Y, unsigned bool) {
	a := &g.a
	if !unsigned {
		a.VPCMPGTQ(d, x, y)
		return
	}
	const s, t = amd64.Y10, amd64.Y11
	a.VMOVDQUload(s, g.splat64(1<<63))
	a.VPXOR(t, x, s)
	a.VPXOR(s, y, s)
	a.VPCMPGTQ(d, t, s)
}

// mul64 is d = x*y per qword (low 64 bits), from 32x32 products.
func (g *gen) mul64(d, x, y amd64.Y) {
	a := &g.a
	const t, u, v = amd64.Y10, amd64.Y11, amd64.Y12
	a.VPSRLQ(t, x, 32)
	a.VPMULUDQ(t, t, y) // hi(x)*lo(y)
	a.VPSRLQ(u, y, 32)
	a.VPMULUDQ(u, u, x) // lo(x)*hi(y)
	a.VPADDQ(t, t, u)
	a.VPSLLQ(t, t, 32)
	a.VPMULUDQ(v, x, y) // lo(x)*lo(y)
	a.VPADDQ(d, v, t)
}

// srai64by32 is d = x >> 32 arithmetic per qword.
func (g *gen) srai64by32(d, x amd64.Y) {
	a := &g.a
	const t = amd64.Y10
	a.VPSRAD(t, x, 31) // the sign in every dword's bits
	a.VPSRLQ(d, x, 32)
	a.VPBLENDD(d, d, t, 0xaa)
}
