package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Integer builtins (OpenCL C 6.12.3) on every integer width. Integers are
// unsigned SPIR-V types; signedness picks the opcodes. Vulkan allows
// OpBitCount and FindUMsb/FindILsb on 32-bit integers only, so other widths
// go through 32-bit halves or widening.

// intBuiltin lowers integer builtin base on operands ids of type t (the
// overload's operand type; scalars already splat). ok is false for a name
// that is not an integer builtin.
func (fs *fnState) intBuiltin(base string, ids []spirv.ID, t, rt types.Type) (spirv.ID, bool) {
	k := types.ElemKind(t)
	if !k.IsInteger() {
		return 0, false
	}
	signed := k.IsSigned()
	w := int64(8 * k.Size())
	var f func(v vop, a []spirv.ID) spirv.ID
	switch base {
	case "abs":
		f = func(v vop, a []spirv.ID) spirv.ID {
			if !signed {
				return a[0]
			}
			neg := v.cmp(spirv.OpSLessThan, a[0], v.i(0))
			return v.sel(neg, v.op(spirv.OpSNegate, a[0]), a[0])
		}
	case "abs_diff":
		f = func(v vop, a []spirv.ID) spirv.ID {
			gt := v.cmp(pick(signed, spirv.OpSGreaterThan, spirv.OpUGreaterThan), a[0], a[1])
			return v.sel(gt, v.op(spirv.OpISub, a[0], a[1]), v.op(spirv.OpISub, a[1], a[0]))
		}
	case "add_sat":
		f = func(v vop, a []spirv.ID) spirv.ID {
			s := v.op(spirv.OpIAdd, a[0], a[1])
			if !signed {
				return v.sel(v.cmp(spirv.OpULessThan, s, a[0]), v.i(-1), s)
			}
			// Overflow when both operands differ in sign from the sum.
			o := v.op(spirv.OpBitwiseAnd, v.op(spirv.OpBitwiseXor, a[0], s), v.op(spirv.OpBitwiseXor, a[1], s))
			return v.sel(v.cmp(spirv.OpSLessThan, o, v.i(0)), fs.satBound(v, a[0]), s)
		}
	case "sub_sat":
		f = func(v vop, a []spirv.ID) spirv.ID {
			d := v.op(spirv.OpISub, a[0], a[1])
			if !signed {
				return v.sel(v.cmp(spirv.OpULessThan, a[0], a[1]), v.i(0), d)
			}
			o := v.op(spirv.OpBitwiseAnd, v.op(spirv.OpBitwiseXor, a[0], a[1]), v.op(spirv.OpBitwiseXor, a[0], d))
			return v.sel(v.cmp(spirv.OpSLessThan, o, v.i(0)), fs.satBound(v, a[0]), d)
		}
	case "hadd", "rhadd":
		f = func(v vop, a []spirv.ID) spirv.ID {
			sh := pick(signed, spirv.OpShiftRightArithmetic, spirv.OpShiftRightLogical)
			h := v.op(spirv.OpIAdd, v.op(sh, a[0], v.i(1)), v.op(sh, a[1], v.i(1)))
			lo := v.op(spirv.OpBitwiseAnd, a[0], a[1])
			if base == "rhadd" {
				lo = v.op(spirv.OpBitwiseOr, a[0], a[1])
			}
			return v.op(spirv.OpIAdd, h, v.op(spirv.OpBitwiseAnd, lo, v.i(1)))
		}
	case "clz":
		f = func(v vop, a []spirv.ID) spirv.ID { return fs.clz(v, a[0]) }
	case "ctz":
		f = func(v vop, a []spirv.ID) spirv.ID { return fs.ctz(v, a[0]) }
	case "popcount":
		f = func(v vop, a []spirv.ID) spirv.ID { return fs.popcount(v, a[0]) }
	case "rotate":
		f = func(v vop, a []spirv.ID) spirv.ID {
			n := v.op(spirv.OpBitwiseAnd, a[1], v.i(w-1))
			back := v.op(spirv.OpBitwiseAnd, v.op(spirv.OpISub, v.i(w), n), v.i(w-1))
			return v.op(spirv.OpBitwiseOr, v.op(spirv.OpShiftLeftLogical, a[0], n), v.op(spirv.OpShiftRightLogical, a[0], back))
		}
	case "mul_hi":
		f = func(v vop, a []spirv.ID) spirv.ID { return fs.mulHi(v, a[0], a[1]) }
	case "mad_hi":
		f = func(v vop, a []spirv.ID) spirv.ID { return v.op(spirv.OpIAdd, fs.mulHi(v, a[0], a[1]), a[2]) }
	case "mad_sat":
		f = func(v vop, a []spirv.ID) spirv.ID { return fs.madSat(v, a[0], a[1], a[2]) }
	case "upsample":
		rk := types.ElemKind(rt)
		f = func(v vop, a []spirv.ID) spirv.ID {
			wv := v.as(rk)
			hi := fs.convKinds(a[0], v.shape(), k, rk)
			lo := fs.convKinds(a[1], v.shape(), bitsKind(k), bitsKind(rk))
			return wv.op(spirv.OpBitwiseOr, wv.op(spirv.OpShiftLeftLogical, hi, wv.i(w)), lo)
		}
		return fs.each(t, rk, ids, f), true
	default:
		return 0, false
	}
	return fs.each(t, types.ElemKind(rt), ids, f), true
}

// satBound is the saturated result of a signed overflow: the minimum when
// x (the first operand) is negative, else the maximum.
func (fs *fnState) satBound(v vop, x spirv.ID) spirv.ID {
	w := 8 * v.k.Size()
	minV := v.i(-1 << (w - 1))
	maxV := v.i(1<<(w-1) - 1)
	return v.sel(v.cmp(spirv.OpSLessThan, x, v.i(0)), minV, maxV)
}

// widen converts integer piece x to 32 bits (sign- or zero-extending by
// v's signedness).
func (fs *fnState) widen32(v vop, x spirv.ID) (vop, spirv.ID) {
	k32 := types.UInt
	if v.k.IsSigned() {
		k32 = types.Int
	}
	w := v.as(k32)
	return w, v.conv(x, w)
}

func (fs *fnState) clz(v vop, x spirv.ID) spirv.ID {
	u := v.as(types.UInt)
	clz32 := func(x spirv.ID) spirv.ID {
		// FindUMsb(0) is -1: 31 - -1 is 32.
		return u.op(spirv.OpISub, u.i(31), u.ext(spirv.GLSLstd450FindUMsb, x))
	}
	switch v.k.Size() {
	case 4:
		return clz32(x)
	case 8:
		lo := v.conv(x, u)
		hi := v.conv(v.op(spirv.OpShiftRightLogical, x, v.i(32)), u)
		ch := clz32(hi)
		r := u.sel(u.cmp(spirv.OpIEqual, hi, u.i(0)), u.op(spirv.OpIAdd, u.i(32), clz32(lo)), ch)
		return u.conv(r, v)
	}
	// Narrow: count in 32 bits, less the extra leading zeros.
	z := v.as(bitsKind(v.k)).conv(x, u)
	r := u.op(spirv.OpISub, clz32(z), u.i(int64(32-8*v.k.Size())))
	return u.conv(r, v)
}

func (fs *fnState) ctz(v vop, x spirv.ID) spirv.ID {
	u := v.as(types.UInt)
	ctz32 := func(x spirv.ID) spirv.ID {
		// FindILsb(0) is -1; ctz(0) is the width.
		l := u.ext(spirv.GLSLstd450FindILsb, x)
		return u.sel(u.cmp(spirv.OpIEqual, x, u.i(0)), u.i(32), l)
	}
	w := int64(8 * v.k.Size())
	switch v.k.Size() {
	case 4:
		return ctz32(x)
	case 8:
		lo := v.conv(x, u)
		hi := v.conv(v.op(spirv.OpShiftRightLogical, x, v.i(32)), u)
		r := u.sel(u.cmp(spirv.OpIEqual, lo, u.i(0)), u.op(spirv.OpIAdd, u.i(32), ctz32(hi)), ctz32(lo))
		return u.conv(r, v)
	}
	z := v.as(bitsKind(v.k)).conv(x, u)
	r := u.ext(spirv.GLSLstd450UMin, ctz32(z), u.i(w))
	return u.conv(r, v)
}

func (fs *fnState) popcount(v vop, x spirv.ID) spirv.ID {
	u := v.as(types.UInt)
	switch v.k.Size() {
	case 4:
		return v.op(spirv.OpBitCount, x)
	case 8:
		lo := v.conv(x, u)
		hi := v.conv(v.op(spirv.OpShiftRightLogical, x, v.i(32)), u)
		r := u.op(spirv.OpIAdd, u.op(spirv.OpBitCount, lo), u.op(spirv.OpBitCount, hi))
		return u.conv(r, v)
	}
	z := v.as(bitsKind(v.k)).conv(x, u)
	return u.conv(u.op(spirv.OpBitCount, z), v)
}

// mulHi is the high half of the full product of x and y.
func (fs *fnState) mulHi(v vop, x, y spirv.ID) spirv.ID {
	b := fs.b
	if v.k.Size() >= 4 {
		st := b.TypeStruct(v.t, v.t)
		p := b.EmitIDs(pick(v.k.IsSigned(), spirv.OpSMulExtended, spirv.OpUMulExtended), st, x, y)
		return b.Emit(spirv.OpCompositeExtract, v.t, uint32(p), 1)
	}
	w, wx := fs.widen32(v, x)
	_, wy := fs.widen32(v, y)
	p := w.op(spirv.OpIMul, wx, wy)
	return w.conv(w.op(spirv.OpShiftRightArithmetic, p, w.i(int64(8*v.k.Size()))), v)
}

// madSat is x*y + z saturated to the type's range.
func (fs *fnState) madSat(v vop, x, y, z spirv.ID) spirv.ID {
	b := fs.b
	signed := v.k.IsSigned()
	if v.k.Size() < 8 {
		// The exact result fits in 64 bits: compute there and clamp.
		wk := types.ULong
		if signed {
			wk = types.Long
		}
		w := v.as(wk)
		r := w.op(spirv.OpIAdd, w.op(spirv.OpIMul, v.conv(x, w), v.conv(y, w)), v.conv(z, w))
		lo, hi := intRange(v.k)
		if signed {
			r = w.ext(spirv.GLSLstd450SClamp, r, w.i(int64(lo)), w.i(int64(hi)))
		} else {
			r = w.ext(spirv.GLSLstd450UMin, r, w.i(int64(hi)))
		}
		return w.conv(r, v)
	}
	// 64 bits: the 128-bit product plus z, then a range check.
	st := b.TypeStruct(v.t, v.t)
	p := b.EmitIDs(pick(signed, spirv.OpSMulExtended, spirv.OpUMulExtended), st, x, y)
	lo := b.Emit(spirv.OpCompositeExtract, v.t, uint32(p), 0)
	hi := b.Emit(spirv.OpCompositeExtract, v.t, uint32(p), 1)
	lo2 := v.op(spirv.OpIAdd, lo, z)
	carry := v.sel(v.cmp(spirv.OpULessThan, lo2, lo), v.i(1), v.i(0))
	hi2 := v.op(spirv.OpIAdd, hi, carry)
	if !signed {
		return v.sel(v.cmp(spirv.OpINotEqual, hi2, v.i(0)), v.i(-1), lo2)
	}
	// z is signed: its sign extension adds -1 to the high half.
	hi2 = v.op(spirv.OpIAdd, hi2, v.sel(v.cmp(spirv.OpSLessThan, z, v.i(0)), v.i(-1), v.i(0)))
	fits := v.cmp(spirv.OpIEqual, hi2, v.op(spirv.OpShiftRightArithmetic, lo2, v.i(63)))
	bound := v.sel(v.cmp(spirv.OpSLessThan, hi2, v.i(0)), v.i(-1<<63), v.i(1<<63-1))
	return v.sel(fits, lo2, bound)
}
