package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
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
// copysign, ...), relational ones and those with pointer operands keep
// their half lowering.

// halfViaFloat lists the builtins computed in float for half operands.
var halfViaFloat = map[string]bool{
	"sqrt": true, "rsqrt": true, "recip": true, "divide": true, "cbrt": true, "rootn": true,
	"hypot": true, "fdim": true, "ldexp": true, "mix": true, "smoothstep": true,
	"degrees": true, "radians": true, "fmod": true, "remainder": true,
	"dot": true, "length": true, "distance": true, "normalize": true, "cross": true,
	"fast_length": true, "fast_distance": true, "fast_normalize": true,
	"fma": true, "mad": true,
}

func init() {
	for name := range transcendental {
		halfViaFloat[name] = true
	}
	// sincos and lgamma_r write through a pointer: not here.
	delete(halfViaFloat, "sincos")
	delete(halfViaFloat, "lgamma_r")
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
	wargs := make([]value, len(args))
	for i, a := range args {
		if a.ptr != nil {
			return value{}, false
		}
		wargs[i] = a
		if types.ElemKind(a.t) == types.Half {
			wargs[i] = fs.convert(a, withElemKind(a.t, wide))
		}
	}
	if base == "mad" && wide == types.Double {
		wt := withElemKind(t, wide)
		r := fs.convert(value{t: wt, id: fs.arith(syntax.Add, fs.arith(syntax.Mul, wargs[0].id, wargs[1].id, wt), wargs[2].id, wt)}, t)
		return r, true
	}
	if base != name {
		name = base // fast_length and the like: the full forms
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
