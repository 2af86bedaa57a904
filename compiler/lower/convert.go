package lower

import (
	"math"

	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// convertBuiltin lowers convert_T[_sat][_rte|_rtz|_rtp|_rtn]. SPIR-V's
// conversions round to nearest (to zero for float to integer); the other
// modes are computed: float to integer rounds in float first, wider float
// to float rounds on the bits, integer to float converts to nearest and
// steps one value when the round trip shows the wrong side.
func (fs *fnState) convertBuiltin(v value, t types.Type, ov *types.Overload) value {
	fk, tk := types.ElemKind(v.t), types.ElemKind(t)
	switch {
	case fk.IsFloat() && tk.IsInteger():
		return value{t: t, id: fs.each(v.t, tk, []spirv.ID{v.id}, func(p vop, x []spirv.ID) spirv.ID {
			return fs.floatToInt(p, x[0], tk, ov)
		})}
	case fk.IsInteger() && tk.IsInteger() && ov.Sat:
		return value{t: t, id: fs.intSat(v, t)}
	case tk.IsFloat() && ov.Rounding != types.RoundDefault && ov.Rounding != types.RTE:
		return value{t: t, id: fs.each(v.t, tk, []spirv.ID{v.id}, func(p vop, x []spirv.ID) spirv.ID {
			return fs.toFloatRounded(p, x[0], tk, ov.Rounding)
		})}
	}
	return value{t: t, id: fs.convKinds(v.id, v.t, fk, tk)}
}

// floatToInt converts float piece x to integer kind tk.
func (fs *fnState) floatToInt(p vop, x spirv.ID, tk types.Kind, ov *types.Overload) spirv.ID {
	w := p.as(tk)
	switch ov.Rounding {
	case types.RTE:
		x = p.ext(spirv.GLSLstd450RoundEven, x)
	case types.RTP:
		x = p.ext(spirv.GLSLstd450Ceil, x)
	case types.RTN:
		x = p.ext(spirv.GLSLstd450Floor, x)
	}
	if !ov.Sat {
		return p.conv(x, w)
	}
	lo, hi := intRange(tk)
	// hi+1 is a power of two, exact in every float type (or infinite).
	limit := hi + 1
	safe := math.Nextafter(limit, 0)
	switch p.k {
	case types.Float:
		safe = float64(math.Nextafter32(float32(limit), 0))
	case types.Half:
		safe = min(65504, limit*(1-1.0/2048))
	}
	r := p.conv(p.ext(spirv.GLSLstd450FClamp, x, p.f(lo), p.f(safe)), w)
	r = w.sel(p.cmp(spirv.OpFOrdGreaterThanEqual, x, p.f(limit)), w.i(int64(intMax(tk))), r)
	r = w.sel(p.cmp(spirv.OpFOrdLessThan, x, p.f(lo)), w.i(int64(lo)), r)
	return w.sel(p.cmp(spirv.OpIsNan, x), w.i(0), r)
}

// intSat converts integers saturating: a clamp in the source type where
// the target's range is narrower.
func (fs *fnState) intSat(v value, t types.Type) spirv.ID {
	fk, tk := types.ElemKind(v.t), types.ElemKind(t)
	x := v.id
	hi := min(intMax(tk), intMax(fk))
	var lo int64 // the larger minimum, in the source type
	if fk.IsSigned() && tk.IsSigned() {
		lo = max(intMin(tk), intMin(fk))
	}
	if hi < intMax(fk) || lo > intMin(fk) {
		inst := pickExt(fk.IsSigned(), spirv.GLSLstd450SClamp, spirv.GLSLstd450UClamp)
		clo, chi := fs.constInt(v.t, lo), fs.constInt(v.t, int64(hi))
		x = fs.lanes(v.t, fs.scalarType(fk), []spirv.ID{x, clo, chi}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
			return fs.b.ExtInst(rt, fs.glsl, uint32(inst), a...)
		})
	}
	return fs.convKinds(x, v.t, fk, tk)
}

// toFloatRounded converts integer or float piece x to float kind tk
// rounding towards zero, +inf or -inf.
func (fs *fnState) toFloatRounded(p vop, x spirv.ID, tk types.Kind, mode types.Rounding) spirv.ID {
	w := p.as(tk)
	ff := formatOf(tk)
	if p.k.IsFloat() {
		if p.k.Size() <= tk.Size() {
			return p.conv(x, w)
		}
		// On the bits: a round trip through the narrow type compares
		// wrongly where the device flushes its subnormals.
		bits := fs.narrowBits(p, x, tk, map[types.Rounding]string{types.RTZ: "rtz", types.RTP: "rtp", types.RTN: "rtn"}[mode])
		return w.as(bitsKind(tk)).bitcast(bits, w)
	}
	if 8*int(p.k.Size()) <= ff.mant+1 {
		return p.conv(x, w) // exact
	}
	r := p.conv(x, w)
	// Compare the result with x in 64-bit integers; a result at or beyond
	// 2^63 (2^64 unsigned) is above every source value.
	wk := types.ULong
	if p.k.IsSigned() {
		wk = types.Long
	}
	q := p.as(wk)
	x64 := p.conv(x, q)
	top := math.Ldexp(1, 64)
	if p.k.IsSigned() {
		top = math.Ldexp(1, 63)
	}
	big := w.cmp(spirv.OpFOrdGreaterThanEqual, r, w.f(top))
	out := big
	// A signed source past the target's negative range (int and long to
	// half) rounds to -inf, below every source value; converting -inf
	// back is undefined, so it is decided here as big is (-0x1p+63 to
	// half rounding toward zero or +inf is -0x1.ffcp+15, not -inf).
	var small spirv.ID
	if p.k.IsSigned() && maxFinite(tk) < top {
		small = w.cmp(spirv.OpFOrdEqual, r, w.f(math.Inf(-1)))
		out = w.or(big, small)
	}
	back := w.conv(w.sel(out, w.f(0), r), q)
	gt := q.cmp(pick(p.k.IsSigned(), spirv.OpSGreaterThan, spirv.OpUGreaterThan), back, x64)
	lt := q.cmp(pick(p.k.IsSigned(), spirv.OpSLessThan, spirv.OpULessThan), back, x64)
	greater := w.or(big, gt)
	less := w.and(w.not(out), lt)
	if small != 0 {
		less = w.or(small, less)
	}
	neg := w.cmp(spirv.OpFOrdLessThan, r, w.f(0))
	return fs.stepRounded(w, r, greater, less, neg, mode)
}

// stepRounded moves r (the nearest value) one step where it lies on the
// wrong side of the exact value for the rounding mode.
func (fs *fnState) stepRounded(w vop, r, greater, less, neg spirv.ID, mode types.Rounding) spirv.ID {
	down := fs.nextafter(w, r, w.f(math.Inf(-1)))
	up := fs.nextafter(w, r, w.f(math.Inf(1)))
	switch mode {
	case types.RTP:
		return w.sel(less, up, r)
	case types.RTN:
		return w.sel(greater, down, r)
	}
	// Towards zero: down for positive results that went up, up for
	// negative results that went down.
	return w.sel(w.and(greater, w.not(neg)), down, w.sel(w.and(less, neg), up, r))
}

// intMax and intMin are the exact bounds of integer kind k.
func intMax(k types.Kind) uint64 {
	w := 8 * k.Size()
	if k.IsSigned() {
		return 1<<(w-1) - 1
	}
	return ^uint64(0) >> (64 - w)
}

func intMin(k types.Kind) int64 {
	if k.IsSigned() {
		return -1 << (8*k.Size() - 1)
	}
	return 0
}

// narrowBits rounds float or double x to the bits of the narrower float
// kind tk (a ushort for half, a uint for float) in the rounding mode
// round ("", "rte", "rtz", "rtp", "rtn"). It works on integer bits only:
// a device that flushes subnormals in float arithmetic, compares and
// conversions (NVIDIA's Vulkan driver without DenormPreserve) still gets
// results in tk's subnormal range rounded once, as the mode says.
func (fs *fnState) narrowBits(v vop, x spirv.ID, tk types.Kind, round string) spirv.ID {
	ff, tf := formatOf(v.k), formatOf(tk)
	u := v.as(bitsKind(v.k))
	w := int64(ff.bits)
	b := v.bitcast(x, u)
	sign := u.op(spirv.OpShiftRightLogical, b, u.i(w-1))
	neg := u.cmp(spirv.OpINotEqual, sign, u.i(0))
	a := u.op(spirv.OpBitwiseAnd, b, u.i(int64(^uint64(0)>>(64-w+1))))
	expAll := int64(2*ff.bias+1) << ff.mant
	mantMask := int64(1)<<ff.mant - 1
	e := u.op(spirv.OpShiftRightLogical, a, u.i(int64(ff.mant)))
	m := u.op(spirv.OpBitwiseAnd, a, u.i(mantMask))
	// A normal source gets its implicit bit; a subnormal one counts as
	// exponent 1.
	normal := u.cmp(spirv.OpINotEqual, e, u.i(0))
	m = u.sel(normal, u.op(spirv.OpBitwiseOr, m, u.i(mantMask+1)), m)
	e = u.sel(normal, e, u.i(1))
	// The target's biased exponent et = e - bias + target bias, signed.
	s := v.as(signedKind(v.k))
	et := s.op(spirv.OpISub, u.bitcast(e, s), s.i(int64(ff.bias-tf.bias)))
	// Keep the target's significant bits for a normal result; fewer below.
	shift := s.op(spirv.OpIAdd, s.i(int64(ff.mant-tf.mant)), s.ext(spirv.GLSLstd450SMax, s.op(spirv.OpISub, s.i(1), et), s.i(0)))
	shift = s.ext(spirv.GLSLstd450SMin, shift, s.i(w-1))
	sh := s.bitcast(shift, u)
	keep := u.op(spirv.OpShiftRightLogical, m, sh)
	rem := u.op(spirv.OpBitwiseAnd, m, u.op(spirv.OpISub, u.op(spirv.OpShiftLeftLogical, u.i(1), sh), u.i(1)))
	halfway := u.op(spirv.OpShiftLeftLogical, u.i(1), u.op(spirv.OpISub, sh, u.i(1)))
	inexact := u.cmp(spirv.OpINotEqual, rem, u.i(0))
	var up spirv.ID // none: towards zero
	switch round {
	case "rtz":
	case "rtp":
		up = u.and(inexact, u.not(neg))
	case "rtn":
		up = u.and(inexact, neg)
	default:
		odd := u.cmp(spirv.OpINotEqual, u.op(spirv.OpBitwiseAnd, keep, u.i(1)), u.i(0))
		up = u.or(u.cmp(spirv.OpUGreaterThan, rem, halfway), u.and(u.cmp(spirv.OpIEqual, rem, halfway), odd))
	}
	// keep has the implicit bit of a normal result, so the exponent field
	// goes in as et-1; a carry out of the mantissa goes into the exponent
	// (up to infinity), as rounding wants.
	isNormal := s.cmp(spirv.OpSGreaterThanEqual, et, s.i(1))
	etm1 := s.bitcast(s.op(spirv.OpISub, et, s.i(1)), u)
	r := u.sel(isNormal, u.op(spirv.OpIAdd, u.op(spirv.OpShiftLeftLogical, etm1, u.i(int64(tf.mant))), keep), keep)
	if up != 0 {
		r = u.op(spirv.OpIAdd, r, u.sel(up, u.i(1), u.i(0)))
	}
	// Too large: infinity or the largest finite value, by the mode.
	tInf := int64(2*tf.bias+1) << tf.mant
	inf, maxT := u.i(tInf), u.i(tInf-1)
	var over spirv.ID
	switch round {
	case "rtz":
		over = maxT
	case "rtp":
		over = u.sel(neg, maxT, inf)
	case "rtn":
		over = u.sel(neg, inf, maxT)
	default:
		over = inf
	}
	r = u.sel(s.cmp(spirv.OpSGreaterThanEqual, et, s.i(int64(2*tf.bias+1))), over, r)
	// Infinities and NaNs (quiet, keeping the top payload bits).
	special := u.cmp(spirv.OpUGreaterThanEqual, a, u.i(expAll))
	nan := u.cmp(spirv.OpUGreaterThan, a, u.i(expAll))
	payload := u.op(spirv.OpShiftRightLogical, u.op(spirv.OpBitwiseAnd, a, u.i(mantMask)), u.i(int64(ff.mant-tf.mant)))
	r = u.sel(special, u.sel(nan, u.op(spirv.OpBitwiseOr, u.i(tInf|1<<(tf.mant-1)), payload), inf), r)
	r = u.op(spirv.OpBitwiseOr, r, u.op(spirv.OpShiftLeftLogical, sign, u.i(int64(tf.bits-1))))
	return u.conv(r, u.as(bitsKind(tk)))
}
