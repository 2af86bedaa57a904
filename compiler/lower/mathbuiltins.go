package lower

import (
	"math"
	"strings"

	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Float math builtins (OpenCL C 6.12.2, 6.12.4) built from GLSL.std.450
// and core instructions. Exact functions (rounding, frexp, ldexp, fmod,
// remainder, nextafter, copysign, ...) are computed exactly, on the bits
// where GLSL's versions leave cases undefined. GLSL.std.450 has the
// transcendental functions for 16- and 32-bit floats only: for double
// they are not supported yet.

// glsl32Only lists the GLSL.std.450 instructions without 64-bit forms.
var glsl32Only = map[spirv.GLSLstd450]bool{
	spirv.GLSLstd450Sin: true, spirv.GLSLstd450Cos: true, spirv.GLSLstd450Tan: true,
	spirv.GLSLstd450Asin: true, spirv.GLSLstd450Acos: true, spirv.GLSLstd450Atan: true,
	spirv.GLSLstd450Sinh: true, spirv.GLSLstd450Cosh: true, spirv.GLSLstd450Tanh: true,
	spirv.GLSLstd450Asinh: true, spirv.GLSLstd450Acosh: true, spirv.GLSLstd450Atanh: true,
	spirv.GLSLstd450Atan2: true, spirv.GLSLstd450Pow: true, spirv.GLSLstd450Exp: true,
	spirv.GLSLstd450Log: true, spirv.GLSLstd450Exp2: true, spirv.GLSLstd450Log2: true,
	spirv.GLSLstd450Radians: true, spirv.GLSLstd450Degrees: true,
}

// transcendental lists the builtins computed from the 32-bit-only
// instructions.
var transcendental = map[string]bool{
	"exp": true, "exp2": true, "exp10": true, "expm1": true, "log": true, "log2": true, "log10": true,
	"log1p": true, "pow": true, "pown": true, "powr": true, "rootn": true, "cbrt": true,
	"sin": true, "cos": true, "tan": true, "asin": true, "acos": true, "atan": true, "atan2": true,
	"sinh": true, "cosh": true, "tanh": true, "asinh": true, "acosh": true, "atanh": true,
	"sinpi": true, "cospi": true, "tanpi": true, "asinpi": true, "acospi": true, "atanpi": true,
	"atan2pi": true, "sincos": true, "erf": true, "erfc": true, "tgamma": true, "lgamma": true,
	"lgamma_r": true,
}

// halfViaLib lists the half_ builtins computed by the library's full
// precision forms (where it has them) rather than by GLSL.
var halfViaLib = map[string]bool{"log": true, "log2": true, "log10": true, "powr": true}

// mathArgs are a float builtin's operands: values (pointers for the
// output arguments) and their ids with scalars splat to the result shape.
type mathArgs struct {
	vals []value
	ids  []spirv.ID
}

// mathBuiltin lowers float builtin base with result type t. ok is false
// for a name it does not know.
func (fs *fnState) mathBuiltin(name, base string, a mathArgs, t types.Type) (spirv.ID, bool) {
	k := types.ElemKind(t)
	if len(a.vals) == 0 {
		return 0, false
	}
	argT := a.vals[0].t
	ak := types.ElemKind(argT)
	if !ak.IsFloat() && base != "nan" { // nan(uintn nancode) is the one with integer arguments
		return 0, false
	}
	// fma is GLSL's Fma where the device fuses it (one rounding), the
	// library's software fma otherwise.
	if base != "fma" || !fs.opts.FmaFused {
		if r, ok := fs.mathLib(name, base, a, t); ok {
			return r, true
		}
	}
	// native_ and half_ forms as the precise ones where the device's GLSL
	// instructions are no faster than the library (the host driver).
	if fs.opts.LibraryTranscendentals && (strings.HasPrefix(name, "native_") || strings.HasPrefix(name, "half_")) {
		if r, ok := fs.mathLib(base, base, a, t); ok {
			return r, true
		}
	}
	// half_ forms need 8192 ulp (§7.4, 10 bits): GLSL's Log2 has an
	// absolute error (lavapipe's, NVIDIA's), so its logarithms near 1
	// are off in every bit, and Pow inherits that (and lavapipe's Log2 of
	// a subnormal is its exponent, -127): the library's forms.
	if strings.HasPrefix(name, "half_") && halfViaLib[base] {
		if r, ok := fs.mathLib(base, base, a, t); ok {
			return r, true
		}
	}
	if ak == types.Double && transcendental[base] {
		fs.errorf(fs.pos, "builtin '%s' is not supported yet for double", name)
		return fs.b.Undef(fs.valType(t)), true
	}
	ids := a.ids
	shape := argT
	if n := types.VecLen(t); n > 1 {
		shape = types.NewVector(ak, n)
	}
	// fl applies f piecewise over operands of the argument's shape,
	// giving a float result.
	fl := func(f func(v vop, x []spirv.ID) spirv.ID) spirv.ID { return fs.each(shape, ak, ids, f) }
	unary := func(f func(v vop, x spirv.ID) spirv.ID) spirv.ID {
		return fl(func(v vop, x []spirv.ID) spirv.ID { return f(v, x[0]) })
	}
	switch base {
	case "fabs":
		return unary(func(v vop, x spirv.ID) spirv.ID { return v.ext(spirv.GLSLstd450FAbs, x) }), true
	case "floor", "ceil", "trunc", "rint", "sqrt":
		inst := map[string]spirv.GLSLstd450{"floor": spirv.GLSLstd450Floor, "ceil": spirv.GLSLstd450Ceil,
			"trunc": spirv.GLSLstd450Trunc, "rint": spirv.GLSLstd450RoundEven, "sqrt": spirv.GLSLstd450Sqrt}[base]
		return unary(func(v vop, x spirv.ID) spirv.ID { return v.ext(inst, x) }), true
	case "rsqrt":
		return unary(func(v vop, x spirv.ID) spirv.ID { return v.op(spirv.OpFDiv, v.f(1), v.ext(spirv.GLSLstd450Sqrt, x)) }), true
	case "recip":
		return unary(func(v vop, x spirv.ID) spirv.ID { return v.op(spirv.OpFDiv, v.f(1), x) }), true
	case "divide":
		return fl(func(v vop, x []spirv.ID) spirv.ID { return v.op(spirv.OpFDiv, x[0], x[1]) }), true
	case "round":
		return unary(fs.roundAway), true
	case "sign":
		return unary(func(v vop, x spirv.ID) spirv.ID {
			// ±0 stays, NaN gives 0.
			r := v.sel(v.cmp(spirv.OpFOrdEqual, x, v.f(0)), x, v.f(0))
			r = v.sel(v.cmp(spirv.OpFOrdLessThan, x, v.f(0)), v.f(-1), r)
			return v.sel(v.cmp(spirv.OpFOrdGreaterThan, x, v.f(0)), v.f(1), r)
		}), true
	case "degrees", "radians":
		c := 180 / math.Pi
		if base == "radians" {
			c = math.Pi / 180
		}
		return unary(func(v vop, x spirv.ID) spirv.ID { return v.op(spirv.OpFMul, x, v.f(c)) }), true
	case "fmin", "fmax":
		inst := pickExt(base == "fmin", spirv.GLSLstd450NMin, spirv.GLSLstd450NMax)
		return fl(func(v vop, x []spirv.ID) spirv.ID { return v.ext(inst, x[0], x[1]) }), true
	case "fma":
		return fl(func(v vop, x []spirv.ID) spirv.ID { return v.ext(spirv.GLSLstd450Fma, x[0], x[1], x[2]) }), true
	case "mad":
		return fl(func(v vop, x []spirv.ID) spirv.ID { return v.op(spirv.OpFAdd, v.op(spirv.OpFMul, x[0], x[1]), x[2]) }), true
	case "mix":
		return fl(func(v vop, x []spirv.ID) spirv.ID {
			return v.op(spirv.OpFAdd, x[0], v.op(spirv.OpFMul, v.op(spirv.OpFSub, x[1], x[0]), x[2]))
		}), true
	case "step":
		return fl(func(v vop, x []spirv.ID) spirv.ID {
			return v.sel(v.cmp(spirv.OpFOrdLessThan, x[1], x[0]), v.f(0), v.f(1))
		}), true
	case "smoothstep":
		return fl(func(v vop, x []spirv.ID) spirv.ID {
			s := v.op(spirv.OpFDiv, v.op(spirv.OpFSub, x[2], x[0]), v.op(spirv.OpFSub, x[1], x[0]))
			s = v.ext(spirv.GLSLstd450NMin, v.ext(spirv.GLSLstd450NMax, s, v.f(0)), v.f(1))
			return v.op(spirv.OpFMul, v.op(spirv.OpFMul, s, s), v.op(spirv.OpFSub, v.f(3), v.op(spirv.OpFMul, v.f(2), s)))
		}), true
	case "copysign":
		return fl(func(v vop, x []spirv.ID) spirv.ID { return fs.copysign(v, x[0], x[1]) }), true
	case "fdim":
		return fl(func(v vop, x []spirv.ID) spirv.ID {
			nan := v.or(v.cmp(spirv.OpIsNan, x[0]), v.cmp(spirv.OpIsNan, x[1]))
			d := v.sel(v.cmp(spirv.OpFOrdGreaterThan, x[0], x[1]), v.op(spirv.OpFSub, x[0], x[1]), v.f(0))
			return v.sel(nan, v.op(spirv.OpFAdd, x[0], x[1]), d)
		}), true
	case "maxmag", "minmag":
		return fl(func(v vop, x []spirv.ID) spirv.ID {
			// Magnitudes compared as unsigned bits: exact for subnormals
			// on a device whose float compares flush them (NVIDIA's
			// Vulkan driver without DenormPreserve).
			u := v.as(bitsKind(v.k))
			sign := int64(1) << (8*v.k.Size() - 1)
			ax := u.op(spirv.OpBitwiseAnd, v.bitcast(x[0], u), u.i(^sign))
			ay := u.op(spirv.OpBitwiseAnd, v.bitcast(x[1], u), u.i(^sign))
			gt, lt := spirv.OpUGreaterThan, spirv.OpULessThan
			inst := spirv.GLSLstd450NMax
			if base == "minmag" {
				gt, lt = lt, gt
				inst = spirv.GLSLstd450NMin
			}
			num := v.not(v.or(v.cmp(spirv.OpIsNan, x[0]), v.cmp(spirv.OpIsNan, x[1])))
			r := v.ext(inst, x[0], x[1])
			r = v.sel(v.and(num, u.cmp(lt, ax, ay)), x[1], r)
			return v.sel(v.and(num, u.cmp(gt, ax, ay)), x[0], r)
		}), true
	case "fmod":
		return fl(func(v vop, x []spirv.ID) spirv.ID { return v.op(spirv.OpFRem, x[0], x[1]) }), true
	case "remainder":
		return fl(func(v vop, x []spirv.ID) spirv.ID { r, _ := fs.remquo(v, x[0], x[1]); return r }), true
	case "remquo":
		return fs.withOut(a, 2, t, types.Int, func(v vop, x []spirv.ID) (spirv.ID, spirv.ID) { return fs.remquo(v, x[0], x[1]) }), true
	case "nextafter":
		return fl(func(v vop, x []spirv.ID) spirv.ID { return fs.nextafter(v, x[0], x[1]) }), true
	case "frexp":
		return fs.withOut(a, 1, t, types.Int, func(v vop, x []spirv.ID) (spirv.ID, spirv.ID) { return fs.frexp(v, x[0]) }), true
	case "ldexp":
		n := fs.splatTo(a.vals[1], shape)
		return fs.each(shape, ak, []spirv.ID{ids[0], n}, func(v vop, x []spirv.ID) spirv.ID { return fs.ldexp(v, x[0], x[1]) }), true
	case "ilogb":
		return fs.each(shape, k, ids, func(v vop, x []spirv.ID) spirv.ID { return fs.ilogb(v, x[0]) }), true
	case "logb":
		return unary(fs.logb), true
	case "nan":
		return fs.each(argT, k, ids, func(v vop, x []spirv.ID) spirv.ID {
			f := v.as(k)
			ff := formatOf(k)
			quiet := int64(1) << (ff.mant - 1)
			exp := int64(2*ff.bias+1) << ff.mant
			return v.bitcast(v.op(spirv.OpBitwiseOr, v.op(spirv.OpBitwiseAnd, x[0], v.i(quiet-1)), v.i(exp|quiet)), f)
		}), true
	case "fract":
		return fs.withOut(a, 1, t, ak, func(v vop, x []spirv.ID) (spirv.ID, spirv.ID) {
			fl := v.ext(spirv.GLSLstd450Floor, x[0])
			below1 := math.Nextafter(1, 0)
			if ak == types.Float {
				below1 = float64(math.Nextafter32(1, 0))
			} else if ak == types.Half {
				below1 = 1 - 1.0/2048
			}
			r := v.ext(spirv.GLSLstd450NMin, v.op(spirv.OpFSub, x[0], fl), v.f(below1))
			// ±0 and ±inf give a zero of x's sign (§7.5.1: fract(-0) is -0).
			zero := v.or(v.cmp(spirv.OpIsInf, x[0]), v.cmp(spirv.OpFOrdEqual, x[0], v.f(0)))
			r = v.sel(zero, fs.copysign(v, v.f(0), x[0]), r)
			r = v.sel(v.cmp(spirv.OpIsNan, x[0]), x[0], r)
			return r, fl
		}), true
	case "modf":
		return fs.withOut(a, 1, t, ak, func(v vop, x []spirv.ID) (spirv.ID, spirv.ID) {
			ip := v.ext(spirv.GLSLstd450Trunc, x[0])
			r := v.sel(v.cmp(spirv.OpIsInf, x[0]), v.f(0), v.op(spirv.OpFSub, x[0], ip))
			return fs.copysign(v, r, x[0]), ip
		}), true
	case "hypot":
		return fl(func(v vop, x []spirv.ID) spirv.ID {
			ax, ay := v.ext(spirv.GLSLstd450FAbs, x[0]), v.ext(spirv.GLSLstd450FAbs, x[1])
			m, n := v.ext(spirv.GLSLstd450FMax, ax, ay), v.ext(spirv.GLSLstd450FMin, ax, ay)
			q := v.op(spirv.OpFDiv, n, m)
			r := v.op(spirv.OpFMul, m, v.ext(spirv.GLSLstd450Sqrt, v.ext(spirv.GLSLstd450Fma, q, q, v.f(1))))
			r = v.sel(v.cmp(spirv.OpFOrdEqual, m, v.f(0)), v.f(0), r)
			nan := v.or(v.cmp(spirv.OpIsNan, x[0]), v.cmp(spirv.OpIsNan, x[1]))
			r = v.sel(nan, v.op(spirv.OpFAdd, x[0], x[1]), r)
			inf := v.or(v.cmp(spirv.OpIsInf, x[0]), v.cmp(spirv.OpIsInf, x[1]))
			return v.sel(inf, v.f(math.Inf(1)), r)
		}), true
	}
	if ak == types.Double {
		return 0, false
	}
	return fs.transcendental(base, a, shape, ak, fl, unary)
}

// transcendental lowers the builtins made of Exp, Log, Pow and the
// trigonometric instructions (16- and 32-bit floats).
func (fs *fnState) transcendental(base string, a mathArgs, shape types.Type, ak types.Kind,
	fl func(func(v vop, x []spirv.ID) spirv.ID) spirv.ID, unary func(func(v vop, x spirv.ID) spirv.ID) spirv.ID) (spirv.ID, bool) {
	direct := map[string]spirv.GLSLstd450{
		"exp": spirv.GLSLstd450Exp, "exp2": spirv.GLSLstd450Exp2, "log": spirv.GLSLstd450Log, "log2": spirv.GLSLstd450Log2,
		"sin": spirv.GLSLstd450Sin, "cos": spirv.GLSLstd450Cos, "tan": spirv.GLSLstd450Tan,
		"asin": spirv.GLSLstd450Asin, "acos": spirv.GLSLstd450Acos, "atan": spirv.GLSLstd450Atan,
		"sinh": spirv.GLSLstd450Sinh, "cosh": spirv.GLSLstd450Cosh, "tanh": spirv.GLSLstd450Tanh,
		"asinh": spirv.GLSLstd450Asinh, "acosh": spirv.GLSLstd450Acosh, "atanh": spirv.GLSLstd450Atanh,
	}
	switch base {
	case "log":
		return unary(func(v vop, x spirv.ID) spirv.ID { return fs.logSub(v, x, spirv.GLSLstd450Log, math.Ln2) }), true
	case "log2":
		return unary(func(v vop, x spirv.ID) spirv.ID { return fs.logSub(v, x, spirv.GLSLstd450Log2, 1) }), true
	}
	if inst, ok := direct[base]; ok {
		return unary(func(v vop, x spirv.ID) spirv.ID { return v.ext(inst, x) }), true
	}
	switch base {
	case "atan2":
		return fl(func(v vop, x []spirv.ID) spirv.ID { return v.ext(spirv.GLSLstd450Atan2, x[0], x[1]) }), true
	case "exp10":
		return unary(func(v vop, x spirv.ID) spirv.ID { return fs.exp2Scaled(v, x, math.Log2(10)) }), true
	case "expm1":
		return unary(func(v vop, x spirv.ID) spirv.ID {
			// Kahan: (u-1)*x/log(u) cancels the rounding of u = e^x.
			u := v.ext(spirv.GLSLstd450Exp, x)
			um1 := v.op(spirv.OpFSub, u, v.f(1))
			r := v.op(spirv.OpFDiv, v.op(spirv.OpFMul, um1, x), v.ext(spirv.GLSLstd450Log, u))
			r = v.sel(v.cmp(spirv.OpFOrdEqual, u, v.f(1)), x, r)
			r = v.sel(v.cmp(spirv.OpFOrdEqual, um1, v.f(-1)), v.f(-1), r)
			return v.sel(v.cmp(spirv.OpIsInf, u), u, r)
		}), true
	case "log10":
		return unary(func(v vop, x spirv.ID) spirv.ID {
			return v.op(spirv.OpFMul, fs.logSub(v, x, spirv.GLSLstd450Log2, 1), v.f(math.Log10(2)))
		}), true
	case "log1p":
		return unary(func(v vop, x spirv.ID) spirv.ID {
			u := v.op(spirv.OpFAdd, v.f(1), x)
			r := v.op(spirv.OpFDiv, v.op(spirv.OpFMul, v.ext(spirv.GLSLstd450Log, u), x), v.op(spirv.OpFSub, u, v.f(1)))
			r = v.sel(v.cmp(spirv.OpFOrdEqual, u, v.f(1)), x, r)
			return v.sel(v.cmp(spirv.OpIsInf, u), u, r)
		}), true
	case "pow":
		return fl(func(v vop, x []spirv.ID) spirv.ID { return fs.pow(v, x[0], x[1]) }), true
	case "powr":
		return fl(func(v vop, x []spirv.ID) spirv.ID {
			r := fs.powSub(v, x[0], x[1])
			return v.sel(v.cmp(spirv.OpFOrdLessThan, x[0], v.f(0)), v.f(math.NaN()), r)
		}), true
	case "pown", "rootn":
		n := fs.splatTo(a.vals[1], shape)
		return fs.each(shape, ak, []spirv.ID{a.ids[0], n}, func(v vop, x []spirv.ID) spirv.ID {
			iv := v.as(types.Int)
			y := iv.conv(x[1], v)
			if base == "rootn" {
				y = v.op(spirv.OpFDiv, v.f(1), y)
			}
			r := fs.pow(v, x[0], y)
			odd := iv.cmp(spirv.OpINotEqual, iv.op(spirv.OpBitwiseAnd, x[1], iv.i(1)), iv.i(0))
			if base == "pown" {
				// The sign from n's parity: n as a float may have lost
				// it (2^31-1 rounds to 2^31).
				sign := v.as(signedKind(v.k))
				neg := sign.cmp(spirv.OpSLessThan, v.bitcast(x[0], sign), sign.i(0))
				ar := v.ext(spirv.GLSLstd450FAbs, r)
				r = v.sel(v.and(neg, v.cmp(spirv.OpIsNan, r)), r, v.sel(neg, v.sel(odd, fs.copysign(v, ar, x[0]), ar), r))
			}
			if base == "rootn" {
				// Odd roots of negative numbers are negative.
				neg := v.cmp(spirv.OpFOrdLessThan, x[0], v.f(0))
				m := fs.powSub(v, v.ext(spirv.GLSLstd450FAbs, x[0]), y)
				r = v.sel(neg, v.sel(odd, v.op(spirv.OpFNegate, m), v.f(math.NaN())), r)
				r = v.sel(iv.cmp(spirv.OpIEqual, x[1], iv.i(0)), v.f(math.NaN()), r)
			}
			return r
		}), true
	case "cbrt":
		return unary(func(v vop, x spirv.ID) spirv.ID {
			ax := v.ext(spirv.GLSLstd450FAbs, x)
			// Tiny and huge float x scaled by 2^±48 (the root by
			// 2^±16), so that the Newton step's r^3 is neither
			// subnormal nor infinite.
			var tiny, huge spirv.ID
			if v.k == types.Float {
				tiny = v.cmp(spirv.OpFOrdLessThan, ax, v.f(0x1p-100))
				huge = v.cmp(spirv.OpFOrdGreaterThan, ax, v.f(0x1p100))
				ax = v.sel(tiny, v.op(spirv.OpFMul, ax, v.f(0x1p48)), v.sel(huge, v.op(spirv.OpFMul, ax, v.f(0x1p-48)), ax))
			}
			r := fs.powSub(v, ax, v.f(1.0/3))
			// One Newton step: r -= (r^3 - |x|) / (3 r^2).
			r2 := v.op(spirv.OpFMul, r, r)
			r = v.op(spirv.OpFSub, r, v.op(spirv.OpFDiv, v.ext(spirv.GLSLstd450Fma, r2, r, v.op(spirv.OpFNegate, ax)), v.op(spirv.OpFMul, v.f(3), r2)))
			if v.k == types.Float {
				r = v.sel(tiny, v.op(spirv.OpFMul, r, v.f(0x1p-16)), v.sel(huge, v.op(spirv.OpFMul, r, v.f(0x1p16)), r))
			}
			special := v.or(v.or(v.cmp(spirv.OpFOrdEqual, x, v.f(0)), v.cmp(spirv.OpIsInf, x)), v.cmp(spirv.OpIsNan, x))
			return v.sel(special, x, fs.copysign(v, r, x))
		}), true
	case "sinpi":
		return unary(fs.sinpi), true
	case "cospi":
		return unary(fs.cospi), true
	case "tanpi":
		return unary(func(v vop, x spirv.ID) spirv.ID {
			y := v.op(spirv.OpFSub, x, v.ext(spirv.GLSLstd450RoundEven, x))
			return v.op(spirv.OpFDiv, fs.sinpi(v, y), fs.cospi(v, y))
		}), true
	case "asinpi", "acospi", "atanpi":
		inst := map[string]spirv.GLSLstd450{"asinpi": spirv.GLSLstd450Asin, "acospi": spirv.GLSLstd450Acos, "atanpi": spirv.GLSLstd450Atan}[base]
		return unary(func(v vop, x spirv.ID) spirv.ID { return v.op(spirv.OpFMul, v.ext(inst, x), v.f(1/math.Pi)) }), true
	case "atan2pi":
		return fl(func(v vop, x []spirv.ID) spirv.ID {
			return v.op(spirv.OpFMul, v.ext(spirv.GLSLstd450Atan2, x[0], x[1]), v.f(1/math.Pi))
		}), true
	case "sincos":
		return fs.withOut(a, 1, shape, ak, func(v vop, x []spirv.ID) (spirv.ID, spirv.ID) {
			return v.ext(spirv.GLSLstd450Sin, x[0]), v.ext(spirv.GLSLstd450Cos, x[0])
		}), true
	case "erf":
		return unary(fs.erf), true
	case "erfc":
		return unary(fs.erfc), true
	case "tgamma":
		return unary(fs.tgamma), true
	case "lgamma":
		return unary(func(v vop, x spirv.ID) spirv.ID { r, _ := fs.lgamma(v, x); return r }), true
	case "lgamma_r":
		return fs.withOut(a, 1, shape, types.Int, func(v vop, x []spirv.ID) (spirv.ID, spirv.ID) {
			r, s := fs.lgamma(v, x[0])
			return r, v.conv(s, v.as(types.Int))
		}), true
	}
	return 0, false
}

// mathBase strips the native_, half_ and fast_ prefixes: clgo computes
// those forms as precisely as the plain ones.
func mathBase(name string) string {
	for _, p := range []string{"native_", "half_", "fast_"} {
		name = strings.TrimPrefix(name, p)
	}
	return name
}

// splatTo widens an integer operand to the shape's length.
func (fs *fnState) splatTo(v value, shape types.Type) spirv.ID {
	if n := types.VecLen(shape); n > 1 && types.VecLen(v.t) == 1 {
		return fs.splat(v.id, types.NewVector(types.ElemKind(v.t), n))
	}
	return v.id
}

// withOut lowers a builtin that returns a value and stores a second one
// through its pointer argument at index pi (of element kind ok): f gives
// both per piece.
func (fs *fnState) withOut(a mathArgs, pi int, t types.Type, ok types.Kind, f func(v vop, x []spirv.ID) (spirv.ID, spirv.ID)) spirv.ID {
	shape := a.vals[0].t
	if n := types.VecLen(t); n > 1 {
		shape = types.NewVector(types.ElemKind(shape), n)
	}
	ins := append([]spirv.ID(nil), a.ids[:pi]...)
	var outs []spirv.ID
	r := fs.each(shape, types.ElemKind(shape), ins, func(v vop, x []spirv.ID) spirv.ID {
		r, o := f(v, x)
		outs = append(outs, o)
		return r
	})
	var out spirv.ID
	ot := types.Type(types.Typ[ok])
	if n := types.VecLen(shape); n > 1 {
		ot = types.NewVector(ok, n)
		if n > 4 {
			out = fs.b.EmitIDs(spirv.OpCompositeConstruct, fs.valType(ot), outs...)
		}
	}
	if out == 0 {
		out = outs[0]
	}
	pv := a.vals[pi]
	pt, isPtr := types.Underlying(pv.t).(*types.Pointer)
	if !isPtr || pv.ptr == nil {
		fs.errorf(fs.pos, "the output argument is not a pointer")
		return r
	}
	fs.store(fs.derefOrError(pv.ptr, pt.Elem), out)
	return r
}

// copysign gives x's magnitude with y's sign, on the bits.
func (fs *fnState) copysign(v vop, x, y spirv.ID) spirv.ID {
	u := v.as(bitsKind(v.k))
	sign := int64(1) << (8*v.k.Size() - 1)
	mag := u.op(spirv.OpBitwiseAnd, v.bitcast(x, u), u.i(^sign))
	s := u.op(spirv.OpBitwiseAnd, v.bitcast(y, u), u.i(sign))
	return u.bitcast(u.op(spirv.OpBitwiseOr, mag, s), v)
}

// roundAway rounds half-way cases away from zero (GLSL's Round leaves
// them to the implementation).
func (fs *fnState) roundAway(v vop, x spirv.ID) spirv.ID {
	t := v.ext(spirv.GLSLstd450Trunc, x)
	d := v.ext(spirv.GLSLstd450FAbs, v.op(spirv.OpFSub, x, t))
	up := v.op(spirv.OpFAdd, t, fs.copysign(v, v.f(1), x))
	return v.sel(v.cmp(spirv.OpFOrdGreaterThanEqual, d, v.f(0.5)), up, t)
}

// remquo is the IEEE remainder of x/y and the low 7 bits of the
// quotient, with its sign.
func (fs *fnState) remquo(v vop, x, y spirv.ID) (spirv.ID, spirv.ID) {
	iv := v.as(types.Int)
	ay := v.ext(spirv.GLSLstd450FAbs, y)
	// x mod 128|y| (exact), then the quotient's low bits by division,
	// corrected with the exact residue.
	r := v.ext(spirv.GLSLstd450FAbs, v.op(spirv.OpFRem, x, v.op(spirv.OpFMul, ay, v.f(128))))
	q := v.ext(spirv.GLSLstd450Floor, v.op(spirv.OpFDiv, r, ay))
	rr := v.ext(spirv.GLSLstd450Fma, v.op(spirv.OpFNegate, q), ay, r)
	neg := v.cmp(spirv.OpFOrdLessThan, rr, v.f(0))
	q = v.sel(neg, v.op(spirv.OpFSub, q, v.f(1)), q)
	rr = v.sel(neg, v.op(spirv.OpFAdd, rr, ay), rr)
	over := v.cmp(spirv.OpFOrdGreaterThanEqual, rr, ay)
	q = v.sel(over, v.op(spirv.OpFAdd, q, v.f(1)), q)
	rr = v.sel(over, v.op(spirv.OpFSub, rr, ay), rr)
	// Round the quotient to nearest, ties to even.
	qi := v.conv(q, iv)
	odd := iv.cmp(spirv.OpINotEqual, iv.op(spirv.OpBitwiseAnd, qi, iv.i(1)), iv.i(0))
	twice := v.op(spirv.OpFMul, rr, v.f(2))
	up := v.or(v.cmp(spirv.OpFOrdGreaterThan, twice, ay), v.and(v.cmp(spirv.OpFOrdEqual, twice, ay), odd))
	rr = v.sel(up, v.op(spirv.OpFSub, rr, ay), rr)
	qi = iv.sel(up, iv.op(spirv.OpIAdd, qi, iv.i(1)), qi)
	qi = iv.op(spirv.OpBitwiseAnd, qi, iv.i(127))
	// rr is the remainder of |x|: negate it for negative x.
	xneg := v.as(signedKind(v.k))
	res := v.sel(xneg.cmp(spirv.OpSLessThan, v.bitcast(x, xneg), xneg.i(0)), v.op(spirv.OpFNegate, rr), rr)
	res = v.sel(v.cmp(spirv.OpFOrdEqual, rr, v.f(0)), fs.copysign(v, v.f(0), x), res)
	// The quotient's sign is the product of the signs.
	u := v.as(bitsKind(v.k))
	sx := u.op(spirv.OpBitwiseXor, v.bitcast(x, u), v.bitcast(y, u))
	qneg := u.cmp(spirv.OpSLessThan, sx, u.i(0))
	qi = iv.sel(qneg, iv.op(spirv.OpSNegate, qi), qi)
	// y = 0, x infinite or NaN: NaN and a zero quotient.
	bad := v.or(v.or(v.cmp(spirv.OpFOrdEqual, y, v.f(0)), v.cmp(spirv.OpIsInf, x)), v.or(v.cmp(spirv.OpIsNan, x), v.cmp(spirv.OpIsNan, y)))
	res = v.sel(bad, v.f(math.NaN()), res)
	qi = iv.sel(bad, iv.i(0), qi)
	// y infinite: x itself.
	yinf := v.and(v.cmp(spirv.OpIsInf, y), v.not(v.or(v.cmp(spirv.OpIsInf, x), v.cmp(spirv.OpIsNan, x))))
	res = v.sel(yinf, x, res)
	qi = iv.sel(yinf, iv.i(0), qi)
	return res, qi
}

// nextafter steps x one representable value towards y, on the bits.
func (fs *fnState) nextafter(v vop, x, y spirv.ID) spirv.ID {
	u := v.as(bitsKind(v.k))
	s := v.as(signedKind(v.k))
	ix := v.bitcast(x, s)
	towards := v.cmp(spirv.OpLogicalEqual, v.cmp(spirv.OpFOrdLessThan, x, y), v.cmp(spirv.OpFOrdGreaterThan, x, v.f(0)))
	step := s.sel(towards, s.op(spirv.OpIAdd, ix, s.i(1)), s.op(spirv.OpISub, ix, s.i(1)))
	r := s.bitcast(step, v)
	// From zero: the smallest subnormal with y's sign.
	sign := int64(1) << (8*v.k.Size() - 1)
	tiny := u.bitcast(u.op(spirv.OpBitwiseOr, u.op(spirv.OpBitwiseAnd, v.bitcast(y, u), u.i(sign)), u.i(1)), v)
	r = v.sel(v.cmp(spirv.OpFOrdEqual, x, v.f(0)), tiny, r)
	// x == y gives y; where y compares equal to 0 as a zero (a device
	// that flushes treats a subnormal y as 0, §7.5.3).
	yz := v.sel(v.cmp(spirv.OpFOrdEqual, y, v.f(0)), fs.copysign(v, v.f(0), y), y)
	r = v.sel(v.cmp(spirv.OpFOrdEqual, x, y), yz, r)
	nan := v.or(v.cmp(spirv.OpIsNan, x), v.cmp(spirv.OpIsNan, y))
	return v.sel(nan, v.op(spirv.OpFAdd, x, y), r)
}

// expBits returns the biased exponent field of x (as a 32-bit int piece)
// with subnormal x scaled into the normal range first, and the scaled
// bits: (exponent, bits, scaled, adjust) where adjust is subtracted from
// the exponent for the scaling.
func (fs *fnState) expField(v vop, x spirv.ID) (iv vop, e spirv.ID, bits spirv.ID, sub spirv.ID) {
	ff := formatOf(v.k)
	u := v.as(bitsKind(v.k))
	iv = v.as(types.Int)
	minNormal := math.Ldexp(1, 1-ff.bias)
	sub = v.cmp(spirv.OpFOrdLessThan, v.ext(spirv.GLSLstd450FAbs, x), v.f(minNormal))
	xs := v.sel(sub, v.op(spirv.OpFMul, x, v.f(math.Ldexp(1, ff.mant+1))), x)
	bits = v.bitcast(xs, u)
	ef := u.op(spirv.OpBitwiseAnd, u.op(spirv.OpShiftRightLogical, bits, u.i(int64(ff.mant))), u.i(int64(2*ff.bias+1)))
	e = u.conv(ef, iv)
	e = iv.sel(sub, iv.op(spirv.OpISub, e, iv.i(int64(ff.mant+1))), e)
	return iv, e, bits, sub
}

// frexp splits x into a mantissa in [0.5, 1) and an exponent.
func (fs *fnState) frexp(v vop, x spirv.ID) (spirv.ID, spirv.ID) {
	ff := formatOf(v.k)
	u := v.as(bitsKind(v.k))
	iv, e, bits, _ := fs.expField(v, x)
	expMask := int64(2*ff.bias+1) << ff.mant
	m := u.op(spirv.OpBitwiseOr, u.op(spirv.OpBitwiseAnd, bits, u.i(^expMask)), u.i(int64(ff.bias-1)<<ff.mant))
	mv := u.bitcast(m, v)
	e = iv.op(spirv.OpISub, e, iv.i(int64(ff.bias-1)))
	special := v.or(v.or(v.cmp(spirv.OpFOrdEqual, x, v.f(0)), v.cmp(spirv.OpIsInf, x)), v.cmp(spirv.OpIsNan, x))
	return v.sel(special, fs.flushedZero(v, x), mv), iv.sel(special, iv.i(0), e)
}

// ldexp is x * 2^n exactly, with one rounding for subnormal results: the
// exponent field is set directly when the result is normal.
func (fs *fnState) ldexp(v vop, x, n spirv.ID) spirv.ID {
	ff := formatOf(v.k)
	u := v.as(bitsKind(v.k))
	iv, e, bits, _ := fs.expField(v, x)
	lim := int64(2*ff.bias + ff.mant + 8)
	n = iv.ext(spirv.GLSLstd450SClamp, n, iv.i(-lim), iv.i(lim))
	ne := iv.op(spirv.OpIAdd, e, n)
	// A result below the normal range is built 2^s too large and scaled
	// down once; far below, it is zero either way.
	s := int64(ff.mant + 4)
	low := iv.cmp(spirv.OpSLessThan, ne, iv.i(1))
	ne2 := iv.sel(low, iv.op(spirv.OpIAdd, iv.ext(spirv.GLSLstd450SMax, ne, iv.i(-int64(ff.mant+3))), iv.i(s)), ne)
	expMask := int64(2*ff.bias+1) << ff.mant
	field := iv.conv(ne2, u)
	r := u.bitcast(u.op(spirv.OpBitwiseOr, u.op(spirv.OpBitwiseAnd, bits, u.i(^expMask)), u.op(spirv.OpShiftLeftLogical, field, u.i(int64(ff.mant)))), v)
	r = v.sel(low, v.op(spirv.OpFMul, r, v.f(math.Ldexp(1, -int(s)))), r)
	over := iv.cmp(spirv.OpSGreaterThan, ne, iv.i(int64(2*ff.bias)))
	r = v.sel(over, fs.copysign(v, v.f(math.Inf(1)), x), r)
	special := v.or(v.or(v.cmp(spirv.OpFOrdEqual, x, v.f(0)), v.cmp(spirv.OpIsInf, x)), v.cmp(spirv.OpIsNan, x))
	return v.sel(special, fs.flushedZero(v, x), r)
}

// flushedZero is x, or a zero of x's sign where x compares equal to 0:
// on a device that flushes subnormals (NVIDIA without DenormPreserve) a
// subnormal x takes the zero path of frexp and ldexp (its scaling into
// the normal range flushes too), and §7.5.3 then wants a zero result,
// not x's subnormal bits.
func (fs *fnState) flushedZero(v vop, x spirv.ID) spirv.ID {
	return v.sel(v.cmp(spirv.OpFOrdEqual, x, v.f(0)), fs.copysign(v, v.f(0), x), x)
}

// ilogb is the unbiased exponent as an int piece of rv's kind.
func (fs *fnState) ilogb(v vop, x spirv.ID) spirv.ID {
	ff := formatOf(v.k)
	iv, e, _, _ := fs.expField(v, x)
	e = iv.op(spirv.OpISub, e, iv.i(int64(ff.bias)))
	e = iv.sel(v.cmp(spirv.OpFOrdEqual, x, v.f(0)), iv.i(math.MinInt32), e)
	e = iv.sel(v.cmp(spirv.OpIsInf, x), iv.i(math.MaxInt32), e)
	return iv.sel(v.cmp(spirv.OpIsNan, x), iv.i(math.MaxInt32), e)
}

func (fs *fnState) logb(v vop, x spirv.ID) spirv.ID {
	ff := formatOf(v.k)
	iv, e, _, _ := fs.expField(v, x)
	r := iv.conv(iv.op(spirv.OpISub, e, iv.i(int64(ff.bias))), v)
	r = v.sel(v.cmp(spirv.OpFOrdEqual, x, v.f(0)), v.f(math.Inf(-1)), r)
	r = v.sel(v.cmp(spirv.OpIsInf, x), v.f(math.Inf(1)), r)
	return v.sel(v.cmp(spirv.OpIsNan, x), x, r)
}

// exp2Scaled is 2^(x*c), with the rounding error of the product carried
// into the result.
func (fs *fnState) exp2Scaled(v vop, x spirv.ID, c float64) spirv.ID {
	// c = ch + cl with ch the constant as the type holds it (for half,
	// the constant's rounding is not carried).
	ch, cl := float64(float32(c)), 0.0
	if v.k == types.Float {
		cl = c - ch
	}
	y := v.op(spirv.OpFMul, x, v.f(ch))
	err := v.ext(spirv.GLSLstd450Fma, x, v.f(ch), v.op(spirv.OpFNegate, y))
	err = v.ext(spirv.GLSLstd450Fma, x, v.f(cl), err)
	r := v.ext(spirv.GLSLstd450Exp2, y)
	fix := v.ext(spirv.GLSLstd450Fma, v.op(spirv.OpFMul, r, err), v.f(math.Ln2), r)
	// An infinite y (x·c overflowed, or x infinite) makes err NaN: r (0 or
	// infinity) is the result.
	return v.sel(v.or(v.cmp(spirv.OpIsInf, r), v.cmp(spirv.OpIsInf, y)), r, fix)
}

// logSub is GLSL's logarithm inst (Log or Log2, whose value at 2 is
// ln2) of x, with subnormal x scaled into the normal range first:
// lavapipe's reads a subnormal's exponent field as if it were normal (the
// log2 of the smallest float comes out -127, not -149), and a device that
// flushes may give -inf where §7.5.3 allows only that or the true value.
func (fs *fnState) logSub(v vop, x spirv.ID, inst spirv.GLSLstd450, ln2 float64) spirv.ID {
	ff := formatOf(v.k)
	k := float64(ff.mant + 1)
	sub := v.cmp(spirv.OpFOrdLessThan, v.ext(spirv.GLSLstd450FAbs, x), v.f(math.Ldexp(1, 1-ff.bias)))
	l := v.ext(inst, v.sel(sub, v.op(spirv.OpFMul, x, v.f(math.Ldexp(1, ff.mant+1))), x))
	return v.sel(sub, v.op(spirv.OpFSub, l, v.f(k*ln2)), l)
}

// powSub is GLSL's Pow of x >= 0, as exp2(y·log2 x) with logSub's scaling
// for subnormal x (where Pow takes the same wrong logarithm).
func (fs *fnState) powSub(v vop, x, y spirv.ID) spirv.ID {
	ff := formatOf(v.k)
	sub := v.cmp(spirv.OpFOrdLessThan, x, v.f(math.Ldexp(1, 1-ff.bias)))
	sub = v.and(sub, v.cmp(spirv.OpFOrdGreaterThan, x, v.f(0)))
	viaLog := v.ext(spirv.GLSLstd450Exp2, v.op(spirv.OpFMul, y, fs.logSub(v, x, spirv.GLSLstd450Log2, 1)))
	return v.sel(sub, viaLog, v.ext(spirv.GLSLstd450Pow, x, y))
}

// pow is x^y with C's rules for negative x and integral y.
func (fs *fnState) pow(v vop, x, y spirv.ID) spirv.ID {
	ax := v.ext(spirv.GLSLstd450FAbs, x)
	r := fs.powSub(v, ax, y)
	isInt := v.cmp(spirv.OpFOrdEqual, v.ext(spirv.GLSLstd450Trunc, y), y)
	h := v.op(spirv.OpFMul, y, v.f(0.5))
	odd := v.and(isInt, v.cmp(spirv.OpFOrdNotEqual, v.ext(spirv.GLSLstd450Trunc, h), h))
	// Negative x (and -0): the sign for odd integral y, NaN for others.
	negBit := v.as(signedKind(v.k))
	neg := negBit.cmp(spirv.OpSLessThan, v.bitcast(x, negBit), negBit.i(0))
	signed := v.sel(odd, fs.copysign(v, r, x), r)
	bad := v.and(v.cmp(spirv.OpFOrdLessThan, x, v.f(0)), v.not(isInt))
	r = v.sel(neg, signed, r)
	r = v.sel(v.and(bad, v.not(v.cmp(spirv.OpIsInf, y))), v.f(math.NaN()), r)
	// Pow(|x|, y) leaves these to the implementation.
	r = v.sel(v.cmp(spirv.OpFOrdEqual, y, v.f(0)), v.f(1), r)
	return v.sel(v.cmp(spirv.OpFOrdEqual, x, v.f(1)), v.f(1), r)
}

// sinpi is sin(pi x), reduced exactly to |y| <= 1/2 first.
func (fs *fnState) sinpi(v vop, x spirv.ID) spirv.ID {
	y := v.op(spirv.OpFSub, x, v.op(spirv.OpFMul, v.f(2), v.ext(spirv.GLSLstd450RoundEven, v.op(spirv.OpFMul, x, v.f(0.5)))))
	a := v.ext(spirv.GLSLstd450FAbs, y)
	a = v.sel(v.cmp(spirv.OpFOrdGreaterThan, a, v.f(0.5)), v.op(spirv.OpFSub, v.f(1), a), a)
	r := v.ext(spirv.GLSLstd450Sin, v.op(spirv.OpFMul, a, v.f(math.Pi)))
	return fs.copysign(v, r, y)
}

// cospi is cos(pi x) as sin(pi (1/2 - |y|)) after the same reduction.
func (fs *fnState) cospi(v vop, x spirv.ID) spirv.ID {
	y := v.op(spirv.OpFSub, x, v.op(spirv.OpFMul, v.f(2), v.ext(spirv.GLSLstd450RoundEven, v.op(spirv.OpFMul, x, v.f(0.5)))))
	a := v.op(spirv.OpFSub, v.f(0.5), v.ext(spirv.GLSLstd450FAbs, y))
	r := v.ext(spirv.GLSLstd450Sin, v.op(spirv.OpFMul, v.ext(spirv.GLSLstd450FAbs, a), v.f(math.Pi)))
	return fs.copysign(v, r, a)
}
