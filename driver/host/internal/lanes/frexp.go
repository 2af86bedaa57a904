package lanes

import (
	"github.com/clgo/clgo/spirv"
)

// GLSL.std.450's Modf and Frexp (the second result stored through a
// pointer operand) and ModfStruct and FrexpStruct (both results in a
// struct), on F32 and F64: Go's math.Modf and math.Frexp over the value
// as a float64.

func isFrexpModf(num spirv.GLSLstd450) bool {
	switch num {
	case spirv.GLSLstd450Modf, spirv.GLSLstd450ModfStruct, spirv.GLSLstd450Frexp, spirv.GLSLstd450FrexpStruct:
		return true
	}
	return false
}

// isGLSL says whether x is an instruction of the GLSL.std.450 set.
func (b *builder) isGLSL(x *spirv.Instruction) bool {
	set := b.x.Defs[spirv.ID(x.Operands[0])]
	if set == nil {
		return false
	}
	name, _, _ := spirv.DecodeString(set.Operands)
	return name == "GLSL.std.450"
}

// frexpModf compiles Modf, ModfStruct, Frexp and FrexpStruct for the
// lanes of cur.
func (b *builder) frexpModf(in *instance, x *spirv.Instruction, cur Value) error {
	num := spirv.GLSLstd450(x.Operands[1])
	what := "GLSL.std.450 " + num.String()
	if len(x.Operands) < 3 {
		return unsupported("OpExtInst", "%s: operands", what)
	}
	xs, xt, err := b.scalars(in, spirv.ID(x.Operands[2]))
	if err != nil {
		return err
	}
	sc := xt.scalarOf()
	if sc.op != spirv.OpTypeFloat || isHalf(sc) {
		return unsupported("OpExtInst", "%s of %s", what, xt)
	}
	k := sc.kind()
	// The second result's type: the pointee of the pointer operand, or
	// the struct's second member.
	t, err := b.types.get(x.ResultType)
	if err != nil {
		return err
	}
	var p *ptr
	var second *typ
	switch num {
	case spirv.GLSLstd450Modf, spirv.GLSLstd450Frexp:
		if len(x.Operands) != 4 {
			return unsupported("OpExtInst", "%s: operands", what)
		}
		pv, err := b.get(in, spirv.ID(x.Operands[3]))
		if err != nil {
			return err
		}
		if pv.ptr == nil || pv.ptr.t == nil {
			return unsupported("OpExtInst", "%s: an operand that is not a pointer", what)
		}
		p, second = pv.ptr, pv.ptr.t
	default:
		if t.op != spirv.OpTypeStruct || len(t.fields) != 2 {
			return unsupported("OpExtInst", "%s: a result of type %s", what, t)
		}
		second = t.fields[1]
	}
	if len(second.leaves) != len(xs) {
		return unsupported("OpExtInst", "%s: operands of different sizes", what)
	}
	first := make([]Value, len(xs))
	rest := make([]Value, len(xs))
	for n, v := range xs {
		if num == spirv.GLSLstd450Modf || num == spirv.GLSLstd450ModfStruct {
			first[n], rest[n] = b.modf(v, k)
		} else {
			first[n], rest[n] = b.frexp(v, k, second.leaves[n].kind)
		}
	}
	if p != nil {
		if err := b.store(p, &sval{t: second, leaves: rest}, cur); err != nil {
			return err
		}
		in.env[x.Result] = &sval{t: t, leaves: first}
		return nil
	}
	in.env[x.Result] = &sval{t: t, leaves: append(first, rest...)}
	return nil
}

// modf is v's fraction and whole part: trunc(v) and v - trunc(v) with
// v's sign (math.Modf gives -0 for the fraction of a negative integer;
// ±Inf gives a NaN fraction).
func (b *builder) modf(v Value, k Kind) (frac, whole Value) {
	ik, sign := I32, uint64(1)<<31
	if k == F64 {
		ik, sign = I64, 1<<63
	}
	whole = b.op(Trunc, k, k, v)
	f := b.op(Bitcast, k, ik, b.op(FSub, k, k, v, whole))
	s := b.op(And, ik, ik, b.op(Bitcast, k, ik, v), b.konst(ik, sign))
	f = b.op(Or, ik, ik, b.op(And, ik, ik, f, b.konst(ik, sign-1)), s)
	return b.op(Bitcast, ik, k, f), whole
}

// frexp is v's significand in [0.5, 1) with v's sign and its exponent
// (of kind ek), computed on v as a float64: zero, infinities and NaNs
// give themselves and 0; float64 subnormals are scaled by 2^54 first.
func (b *builder) frexp(v Value, k, ek Kind) (frac, exp Value) {
	d := v
	if k == F32 {
		d = b.op(FConvert, F32, F64, v) // exact; no float32 is a float64 subnormal
	}
	bits := b.op(Bitcast, F64, I64, d)
	field := func(bits Value) Value {
		return b.op(And, I64, I64, b.op(ShrU, I64, I64, bits, b.konst(I64, 52)), b.konst(I64, 0x7ff))
	}
	e := field(bits)
	adj := b.konst(I64, 0)
	if k == F64 {
		mag := b.op(And, I64, I64, bits, b.konst(I64, 1<<63-1))
		sub := b.op(MaskAnd, Mask, Mask, b.op(Eq, I64, Mask, e, b.konst(I64, 0)), b.op(Ne, I64, Mask, mag, b.konst(I64, 0)))
		scaled := b.op(Bitcast, F64, I64, b.op(FMul, F64, F64, d, b.konst(F64, 0x4350000000000000))) // 2^54
		bits = b.op(Select, I64, I64, sub, scaled, bits)
		adj = b.op(Select, I64, I64, sub, b.konst(I64, 54), adj)
		e = field(bits)
	}
	special := b.op(MaskOr, Mask, Mask, b.op(Eq, I64, Mask, e, b.konst(I64, 0)), b.op(Eq, I64, Mask, e, b.konst(I64, 0x7ff)))
	fb := b.op(Or, I64, I64, b.op(And, I64, I64, bits, b.konst(I64, ^uint64(0x7ff<<52))), b.konst(I64, 1022<<52))
	frac = b.op(Select, F64, F64, special, d, b.op(Bitcast, I64, F64, fb))
	x := b.op(Sub, I64, I64, b.op(Sub, I64, I64, e, b.konst(I64, 1022)), adj)
	x = b.op(Select, I64, I64, special, b.konst(I64, 0), x)
	if k == F32 {
		frac = b.op(FConvert, F64, F32, frac)
	}
	if ek == I32 {
		x = b.op(Trunc64, I64, I32, x)
	}
	return frac, x
}
