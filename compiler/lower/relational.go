package lower

import (
	"math"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Relational builtins (OpenCL C 6.12.6): a scalar result is 1 or 0, a
// vector result -1 or 0 per component, of the signed integer type of the
// operands' size.

// relBuiltin lowers the float tests and comparisons; ok is false for
// other names.
func (fs *fnState) relBuiltin(base string, args []value, ids []spirv.ID, t types.Type) (spirv.ID, bool) {
	if len(args) == 0 || !types.ElemKind(args[0].t).IsFloat() {
		return 0, false
	}
	at := args[0].t
	test := func(f func(v vop, x []spirv.ID) spirv.ID) spirv.ID {
		c := fs.each(at, types.Bool, ids, f)
		return fs.boolToInt(c, t)
	}
	cmp := map[string]syntax.Op{"isgreater": syntax.Gtr, "isless": syntax.Lss, "isgreaterequal": syntax.Geq,
		"islessequal": syntax.Leq, "isequal": syntax.Eql, "isnotequal": syntax.Neq}
	if op, ok := cmp[base]; ok {
		return fs.boolToInt(fs.compare(op, ids[0], ids[1], at), t), true
	}
	switch base {
	case "islessgreater":
		return test(func(v vop, x []spirv.ID) spirv.ID { return v.cmp(spirv.OpFOrdNotEqual, x[0], x[1]) }), true
	case "isordered", "isunordered":
		return test(func(v vop, x []spirv.ID) spirv.ID {
			nan := v.or(v.cmp(spirv.OpIsNan, x[0]), v.cmp(spirv.OpIsNan, x[1]))
			if base == "isordered" {
				return v.not(nan)
			}
			return nan
		}), true
	case "isnan":
		return test(func(v vop, x []spirv.ID) spirv.ID { return v.cmp(spirv.OpIsNan, x[0]) }), true
	case "isinf":
		return test(func(v vop, x []spirv.ID) spirv.ID { return v.cmp(spirv.OpIsInf, x[0]) }), true
	case "isfinite":
		return test(func(v vop, x []spirv.ID) spirv.ID {
			return v.cmp(spirv.OpFOrdLessThan, v.ext(spirv.GLSLstd450FAbs, x[0]), v.f(math.Inf(1)))
		}), true
	case "isnormal":
		return test(func(v vop, x []spirv.ID) spirv.ID {
			ax := v.ext(spirv.GLSLstd450FAbs, x[0])
			minNormal := math.Ldexp(1, 1-formatOf(v.k).bias)
			return v.and(v.cmp(spirv.OpFOrdGreaterThanEqual, ax, v.f(minNormal)), v.cmp(spirv.OpFOrdLessThan, ax, v.f(math.Inf(1))))
		}), true
	case "signbit":
		return test(func(v vop, x []spirv.ID) spirv.ID {
			s := v.as(signedKind(v.k))
			return s.cmp(spirv.OpSLessThan, v.bitcast(x[0], s), s.i(0))
		}), true
	}
	return 0, false
}

// anyAll lowers any and all: a test of the components' sign bits.
func (fs *fnState) anyAll(base string, a value, t types.Type) spirv.ID {
	neg := fs.compare(syntax.Lss, a.id, fs.constInt(a.t, 0), a.t)
	n := types.VecLen(a.t)
	if n == 1 {
		return fs.boolToInt(neg, t)
	}
	b := fs.b
	op := pick(base == "any", spirv.OpAny, spirv.OpAll)
	if n <= 4 {
		return fs.boolToInt(b.EmitIDs(op, fs.boolT(), neg), t)
	}
	// Wide vectors: combine the chunks.
	chunk := b.TypeVector(fs.boolT(), 4)
	var r spirv.ID
	for c := 0; c < n/4; c++ {
		part := b.EmitIDs(op, fs.boolT(), b.Emit(spirv.OpCompositeExtract, chunk, uint32(neg), uint32(c)))
		if r == 0 {
			r = part
		} else {
			r = b.EmitIDs(pick(base == "any", spirv.OpLogicalOr, spirv.OpLogicalAnd), fs.boolT(), r, part)
		}
	}
	return fs.boolToInt(r, t)
}
