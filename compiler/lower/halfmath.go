package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Half builtins (cl_khr_fp16) whose result is not exact in half are
// computed in float and rounded to half once, at the end (docs/fp16.md).
// The float builtin meets the float bound (at most a few float ulp, 2^-13
// half ulp each), so the half result is within 0.5 + 2^-11 half ulp, inside
// every bound of the half ULP table; for the correctly rounded ones (sqrt,
// divide, recip, fdim, ldexp, ...) a correctly rounded float result
// rounded to half is the correctly rounded half result, as float has
// 24 >= 2*11+2 bits. A device's Float16 Sin, Exp, Sqrt, Fma, ... promise
// far less than that under Vulkan. Exact builtins (fabs, floor, fmin,
// copysign, ...), relational ones and those writing a half through a
// pointer (frexp, modf, fract: exact) keep their half lowering; sincos is
// sin and cos in float, the cosine stored as half; remquo and lgamma_r
// write an int.

// halfViaFloat lists the builtins computed in float for half operands.
var halfViaFloat = map[string]bool{
	"sqrt": true, "rsqrt": true, "recip": true, "divide": true, "cbrt": true, "rootn": true,
	"hypot": true, "fdim": true, "ldexp": true, "mix": true, "smoothstep": true,
	"degrees": true, "radians": true, "fmod": true, "remainder": true,
	"dot": true, "length": true, "distance": true, "normalize": true, "cross": true,
	"fma": true, "mad": true, "remquo": true,
}

func init() {
	for name := range transcendental {
		halfViaFloat[name] = true
	}
}

// halfViaFloat lowers builtin name on half operands through float when it
// is listed in halfViaFloat; ok is false otherwise. fma goes through
// double where the device has it: the product of two halves is exact
// there and the sum rounds once to 53 bits, which rounds to the correctly
// rounded half (a float sum could land on a half tie that the exact sum
// is not on).
func (fs *fnState) halfViaFloat(name string, args []value, t types.Type) (value, bool) {
	base := mathBase(name)
	if !halfViaFloat[base] || types.ElemKind(t) != types.Half {
		return value{}, false
	}
	wide := types.Float
	if base == "fma" && fs.opts.Float64 {
		wide, base = types.Double, "mad"
	}
	if base == "sincos" && len(args) == 2 {
		// The cosine through the pointer, both in float.
		pt, isPtr := types.Underlying(args[1].t).(*types.Pointer)
		if !isPtr || args[1].ptr == nil {
			return value{}, false
		}
		c, _ := fs.halfViaFloat("cos", args[:1], t)
		fs.store(fs.derefOrError(args[1].ptr, pt.Elem), c.id)
		return fs.halfViaFloat("sin", args[:1], t)
	}
	wargs := make([]value, len(args))
	for i, a := range args {
		if pt, isPtr := types.Underlying(a.t).(*types.Pointer); isPtr && types.ElemKind(pt.Elem) == types.Half {
			return value{}, false
		}
		wargs[i] = a
		if types.ElemKind(a.t) == types.Half {
			wargs[i] = fs.convert(a, withElemKind(a.t, wide))
		}
	}
	if base == "mad" && wide == types.Double {
		wt := withElemKind(t, wide)
		sum := fs.arith(syntax.Add, fs.arith(syntax.Mul, wargs[0].id, wargs[1].id, wt), wargs[2].id, wt)
		return value{t: t, id: fs.doubleToHalf(sum, t)}, true
	}
	if base != name {
		name = base // fast_length and the like (mathBase): the full forms
	}
	r := fs.builtinValues(name, wargs, withElemKind(t, wide))
	return fs.convert(r, t), true
}

// withElemKind is t (a scalar or vector type) with element kind k.
func withElemKind(t types.Type, k types.Kind) types.Type {
	if n := types.VecLen(t); n > 1 {
		return types.NewVector(k, n)
	}
	return types.Typ[k]
}

// doubleToHalf narrows d (double elements, t's shape) to half with one
// rounding to nearest even: to float rounded to odd (truncated, its last
// bit set where bits were dropped), then to half. A device may narrow
// double to half through float rounded to nearest, a second rounding that
// can land on a half tie (lavapipe does).
func (fs *fnState) doubleToHalf(d spirv.ID, t types.Type) spirv.ID {
	b := fs.b
	n := min(types.VecLen(t), 4)
	ft := fs.vecType(fs.scalarType(types.Float), n)
	dt := fs.vecType(fs.scalarType(types.Double), n)
	ut := fs.vecType(fs.scalarType(types.UInt), n)
	bt := fs.vecType(fs.boolT(), n)
	one, zero := fs.constLike(ut, types.UInt, 1), fs.constLike(ut, types.UInt, 0)
	abs := func(x spirv.ID) spirv.ID { return b.ExtInst(dt, fs.glsl, uint32(spirv.GLSLstd450FAbs), x) }
	return fs.lanes(t, fs.scalarType(types.Half), []spirv.ID{d}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
		f := b.EmitIDs(spirv.OpFConvert, ft, a[0])
		back := b.EmitIDs(spirv.OpFConvert, dt, f)
		// Rounded away from zero: one step back (a float's magnitude is
		// its bits without the sign); NaN compares false and stays.
		away := b.EmitIDs(spirv.OpFOrdGreaterThan, bt, abs(back), abs(a[0]))
		inexact := b.EmitIDs(spirv.OpFOrdNotEqual, bt, back, a[0])
		bits := b.EmitIDs(spirv.OpBitcast, ut, f)
		bits = b.EmitIDs(spirv.OpISub, ut, bits, b.EmitIDs(spirv.OpSelect, ut, away, one, zero))
		bits = b.EmitIDs(spirv.OpSelect, ut, inexact, b.EmitIDs(spirv.OpBitwiseOr, ut, bits, one), bits)
		return b.EmitIDs(spirv.OpFConvert, rt, b.EmitIDs(spirv.OpBitcast, ft, bits))
	})
}
