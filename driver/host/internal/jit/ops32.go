package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// emit32 compiles the element-wise ops on 32-bit kinds (I32, F32, Mask):
// operands in Y0, Y1, Y2, the result in Y0.
func (g *gen) emit32(o *lanes.Op) error {
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
	a := &g.a
	const x, y, z, t, u = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3, amd64.Y4
	for i, v := range [3]lanes.Value{o.A, o.B, o.C} {
		if v != lanes.NoValue {
			g.ld(amd64.Y(i), v)
		}
	}
	switch o.Code {
	case lanes.Copy, lanes.Bitcast:
	case lanes.Select:
		a.VBLENDVPS(x, z, y, x)

	case lanes.UMulHi, lanes.SMulHi:
		mul := a.VPMULUDQ
		if o.Code == lanes.SMulHi {
			mul = a.VPMULDQ
		}
		mul(t, x, y) // even lanes' products
		a.VPSRLQ(x, x, 32)
		a.VPSRLQ(y, y, 32)
		mul(u, x, y) // odd lanes' products
		a.VPSRLQ(t, t, 32)
		a.VPBLENDD(x, t, u, 0xaa)
	case lanes.UDiv, lanes.UMod, lanes.SDiv, lanes.SRem, lanes.SMod:
		if g.divByUniform(o) {
			if err := g.divUniform32(o); err != nil {
				return err
			}
			break
		}
		g.div32(o.Code)
	case lanes.Not, lanes.MaskNot:
		g.ones(y)
		a.VPXOR(x, x, y)
	case lanes.Neg:
		g.zero(y)
		a.VPSUBD(x, y, x)
	case lanes.SAbs:
		a.VPSRAD(y, x, 31)
		a.VPXOR(x, x, y)
		a.VPSUBD(x, x, y)
	case lanes.Zext:
		if o.Imm < 32 {
			a.VPANDmem(x, x, g.splat32(1<<uint(o.Imm)-1))
		}
	case lanes.Sext:
		if o.Imm < 32 {
			a.VPSLLD(x, x, uint8(32-o.Imm))
			a.VPSRAD(x, x, uint8(32-o.Imm))
		}
	case lanes.BitCount:
		g.popcnt32(x)
	case lanes.FindUMsb:
		g.findUMsb(x)
	case lanes.FindILsb:
		g.findILsb(x)
	case lanes.BitReverse:
		g.bitReverse(x)
	case lanes.Ne:
		a.VPCMPEQD(x, x, y)
		g.ones(y)
		a.VPXOR(x, x, y)
	case lanes.SLt:
		a.VPCMPGTD(x, y, x)
	case lanes.SLe:
		a.VPCMPGTD(x, x, y)
		g.ones(y)
		a.VPXOR(x, x, y)
	case lanes.ULt: // !(max(a, b) == a)
		a.VPMAXUD(t, x, y)
		a.VPCMPEQD(x, t, x)
		g.ones(y)
		a.VPXOR(x, x, y)
	case lanes.ULe: // max(a, b) == b
		a.VPMAXUD(t, x, y)
		a.VPCMPEQD(x, t, y)

	case lanes.FNeg:
		a.VPXORmem(x, x, g.splat32(1<<31))
	case lanes.FAbs:
		a.VPANDmem(x, x, g.splat32(1<<31-1))
	case lanes.Fma:
		a.VFMADD213PS(x, y, z)
	case lanes.Sqrt:
		a.VSQRTPS(x, x)
	case lanes.Floor:
		a.VROUNDPS(x, x, amd64.RoundDown|amd64.RoundNoExc)
	case lanes.Ceil:
		a.VROUNDPS(x, x, amd64.RoundUp|amd64.RoundNoExc)
	case lanes.Trunc:
		a.VROUNDPS(x, x, amd64.RoundTrunc|amd64.RoundNoExc)
	case lanes.RoundEven:
		a.VROUNDPS(x, x, amd64.RoundNearest|amd64.RoundNoExc)
	case lanes.FMin, lanes.FMax:
		g.fminmax32(o)
	case lanes.FOrdEq, lanes.FOrdNe, lanes.FOrdLt, lanes.FOrdLe, lanes.FUnordEq,
		lanes.FUnordNe, lanes.FUnordLt, lanes.FUnordLe, lanes.IsOrdered:
		a.VCMPPS(x, x, y, fcmpPred[o.Code])
	case lanes.IsNan:
		a.VCMPPS(x, x, x, amd64.CmpUNORDQ)
	case lanes.IsInf:
		a.VPANDmem(x, x, g.splat32(1<<31-1))
		a.VPCMPEQDmem(x, x, g.splat32(0x7f800000))
	case lanes.SignBit:
		a.VPSRAD(x, x, 31)

	case lanes.SToF:
		a.VCVTDQ2PS(x, x)
	case lanes.UToF: // hi16*65536 + lo16, rounded once
		if g.narrowBelow31(o.A) { // below 2^31: as signed (vecnarrow.go)
			a.VCVTDQ2PS(x, x)
			break
		}
		a.VPSRLD(y, x, 16)
		a.VPANDmem(x, x, g.splat32(0xffff))
		a.VCVTDQ2PS(y, y)
		a.VCVTDQ2PS(x, x)
		a.VMOVDQUload(t, g.splat32(0x47800000)) // 65536.0
		a.VFMADD231PS(x, y, t)
	case lanes.FToS, lanes.FToU:
		// Through float64, where every bound is exact.
		a.VEXTRACTI128(u, x, 1)
		a.VCVTPS2PD(t, x)
		a.VCVTPS2PD(u, u)
		g.ftoi(x, t, u, o.Code == lanes.FToS, int(o.Imm))
	default:
		// One instruction (insn.go).
		f := insn(o.Code, false).reg
		if f == nil {
			return errUnsupported("no 32-bit code")
		}
		f(a, x, x, y)
	}
	g.st(o.Dst, x)
	return nil
}

// fcmpPred is the VCMPPS/VCMPPD predicate of each float comparison.
var fcmpPred = map[lanes.Code]uint8{
	lanes.FOrdEq:    amd64.CmpEQOQ,
	lanes.FOrdNe:    amd64.CmpNEQOQ,
	lanes.FOrdLt:    amd64.CmpLTOQ,
	lanes.FOrdLe:    amd64.CmpLEOQ,
	lanes.FUnordEq:  amd64.CmpEQUQ,
	lanes.FUnordNe:  amd64.CmpNEQUQ,
	lanes.FUnordLt:  amd64.CmpNGEUS,
	lanes.FUnordLe:  amd64.CmpNGTUS,
	lanes.IsOrdered: amd64.CmpORDQ,
}

// fminmax computes OpenCL's fmin (fmax) of Y0 and Y1 into Y0: the other
// operand where one is NaN, -0 below +0. pd: four float64 lanes.
// fminmax32 is FMin or FMax of F32 operands in Y0 and Y1. Against a
// constant k that is not NaN, one vminps/vmaxps with k second is exact:
// it gives k where the other operand is NaN (as fmath.Min/Max do) and k
// where both are zeros, which is their answer unless k is the zero they
// would not pick (+0 for min, -0 for max). clamp() and the like are such
// ops (vector_mix: eight of them a work-item).
func (g *gen) fminmax32(o *lanes.Op) {
	a := &g.a
	isMin := o.Code == lanes.FMin
	const x, y = amd64.Y0, amd64.Y1
	op := a.VMAXPS
	zero := uint64(0x80000000)
	if isMin {
		op, zero = a.VMINPS, 0
	}
	plain := func(v lanes.Value) bool {
		if !g.isConst(v) {
			return false
		}
		k := uint32(g.p.Values[v].Bits)
		return k&0x7fffffff <= 0x7f800000 && uint64(k) != zero
	}
	switch {
	case plain(o.B):
		op(x, x, y)
	case plain(o.A):
		op(x, y, x)
	default:
		g.fminmax(isMin, false)
	}
}

func (g *gen) fminmax(isMin, pd bool) {
	a := &g.a
	const x, y, t, u = amd64.Y0, amd64.Y1, amd64.Y3, amd64.Y4
	minmax, cmp, blend := a.VMINPS, a.VCMPPS, a.VBLENDVPS
	if !isMin {
		minmax = a.VMAXPS
	}
	if pd {
		minmax, cmp, blend = a.VMINPD, a.VCMPPD, a.VBLENDVPD
		if !isMin {
			minmax = a.VMAXPD
		}
	}
	// min(b, a) gives a where either is NaN, b where both are zeros.
	minmax(t, y, x)
	// Equal operands (zeros of either sign): a|b for min, a&b for max.
	cmp(u, x, y, amd64.CmpEQOQ)
	if isMin {
		a.VPOR(amd64.Y5, x, y)
	} else {
		a.VPAND(amd64.Y5, x, y)
	}
	blend(t, t, amd64.Y5, u)
	// A NaN a gives b.
	cmp(u, x, x, amd64.CmpUNORDQ)
	blend(x, t, y, u)
}

// ftoi converts the float64 lanes lo (lanes 0-3) and hi (4-7) to
// integers of bits bits, saturating, NaN giving 0, zero-extended into the
// dwords of dst (bits <= 32).
func (g *gen) ftoi(dst, lo, hi amd64.Y, signed bool, bits int) {
	a := &g.a
	const t = amd64.Y5
	var low, high float64
	if signed {
		low, high = -float64(uint64(1)<<(bits-1)), float64(uint64(1)<<(bits-1)-1)
	} else {
		low, high = 0, float64(uint64(1)<<bits-1)
	}
	for _, v := range []amd64.Y{lo, hi} {
		a.VCMPPD(t, v, v, amd64.CmpORDQ)
		a.VPAND(v, v, t) // NaN -> +0
		a.VMOVDQUload(t, g.splat64(f64bits(low)))
		a.VMAXPD(v, v, t)
		a.VMOVDQUload(t, g.splat64(f64bits(high)))
		a.VMINPD(v, v, t)
		if !signed && bits == 32 {
			// [0, 2^32-1] does not fit a signed conversion: floor,
			// take 2^31 off, convert, and put the top bit back.
			a.VROUNDPD(v, v, amd64.RoundTrunc|amd64.RoundNoExc)
			a.VMOVDQUload(t, g.splat64(f64bits(1<<31)))
			a.VSUBPD(v, v, t)
		}
		a.VCVTTPD2DQ(v, v)
	}
	a.VINSERTI128(dst, lo, hi, 1)
	if !signed && bits == 32 {
		a.VPXORmem(dst, dst, g.splat32(1<<31))
	}
	if bits < 32 {
		a.VPANDmem(dst, dst, g.splat32(1<<bits-1))
	}
}
