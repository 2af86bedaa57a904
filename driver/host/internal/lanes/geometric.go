package lanes

import (
	"math"

	"github.com/clgo/clgo/spirv"
)

// This file compiles the GLSL.std.450 instructions that work on whole
// vectors (Length, Distance, Normalize, Cross, FaceForward, Reflect,
// Refract) with fixed formulas: the components are widened to float64, the sums run from
// +0 in component order in float64, and each result component is rounded
// once to the result's kind. Float64 arithmetic in ops is exact IEEE (no
// fused multiply-adds), so the results agree bit for bit.

// geometricOps are the instructions geometric compiles.
var geometricOps = map[spirv.GLSLstd450]int{
	spirv.GLSLstd450Length: 1, spirv.GLSLstd450Distance: 2, spirv.GLSLstd450Normalize: 1,
	spirv.GLSLstd450Cross: 2, spirv.GLSLstd450FaceForward: 3, spirv.GLSLstd450Reflect: 2,
	spirv.GLSLstd450Refract: 3,
}

// geometric compiles instruction num on float operands args (k: their
// kind) into the leaves of result type t; ok is false where it is not a
// geometric instruction of that shape.
func (b *builder) geometric(num spirv.GLSLstd450, k Kind, args [][]Value, t *typ) (out []Value, ok bool) {
	if geometricOps[num] != len(args) || (k != F32 && k != F64) {
		return nil, false
	}
	n := len(args[0])
	for i, a := range args {
		// Refract's eta is a scalar; every other operand has the first's size.
		if len(a) != n && !(num == spirv.GLSLstd450Refract && i == 2 && len(a) == 1) {
			return nil, false
		}
	}
	switch num {
	case spirv.GLSLstd450Length, spirv.GLSLstd450Distance:
		if len(t.leaves) != 1 {
			return nil, false
		}
	case spirv.GLSLstd450Cross:
		if n != 3 || len(t.leaves) != 3 {
			return nil, false
		}
	default:
		if len(t.leaves) != n {
			return nil, false
		}
	}
	wide := func(v []Value) []Value {
		if k == F64 {
			return v
		}
		w := make([]Value, len(v))
		for i, e := range v {
			w[i] = b.op(FConvert, F32, F64, e)
		}
		return w
	}
	x := wide(args[0])
	var y, z []Value
	if len(args) > 1 {
		y = wide(args[1])
	}
	if len(args) > 2 {
		z = wide(args[2])
	}
	mul := func(p, q Value) Value { return b.op(FMul, F64, F64, p, q) }
	sub := func(p, q Value) Value { return b.op(FSub, F64, F64, p, q) }
	c64 := func(f float64) Value { return b.konst(F64, math.Float64bits(f)) }
	dot := func(p, q []Value) Value {
		s := c64(0)
		for i := range p {
			s = b.op(FAdd, F64, F64, s, mul(p[i], q[i]))
		}
		return s
	}
	norm := func(p []Value) Value { return b.op(Sqrt, F64, F64, dot(p, p)) }
	var r []Value
	switch num {
	case spirv.GLSLstd450Length:
		r = []Value{norm(x)}
	case spirv.GLSLstd450Distance:
		d := make([]Value, n)
		for i := range x {
			d[i] = sub(x[i], y[i])
		}
		r = []Value{norm(d)}
	case spirv.GLSLstd450Normalize:
		m := norm(x)
		for i := range x {
			r = append(r, b.op(FDiv, F64, F64, x[i], m))
		}
	case spirv.GLSLstd450Cross:
		r = []Value{
			sub(mul(x[1], y[2]), mul(y[1], x[2])),
			sub(mul(x[2], y[0]), mul(y[2], x[0])),
			sub(mul(x[0], y[1]), mul(y[0], x[1])),
		}
	case spirv.GLSLstd450FaceForward:
		// sign is -1 where dot(Nref, I) >= 0 (false for NaN), else 1.
		ge := b.op(FOrdLe, F64, Mask, c64(0), dot(z, y))
		sign := b.op(Select, F64, F64, ge, c64(-1), c64(1))
		for i := range x {
			r = append(r, mul(sign, x[i]))
		}
	case spirv.GLSLstd450Reflect:
		d := dot(y, x)
		two := mul(c64(2), d)
		for i := range x {
			r = append(r, sub(x[i], mul(two, y[i])))
		}
	case spirv.GLSLstd450Refract:
		// k = 1 - eta²(1 - d²); the result is 0 where k < 0, else
		// eta·I - (eta·d + sqrt(k))·N.
		eta, d := z[0], dot(y, x)
		kk := sub(c64(1), mul(mul(eta, eta), sub(c64(1), mul(d, d))))
		neg := b.op(FOrdLt, F64, Mask, kk, c64(0))
		f := b.op(FAdd, F64, F64, mul(eta, d), b.op(Sqrt, F64, F64, kk))
		for i := range x {
			r = append(r, b.op(Select, F64, F64, neg, c64(0), sub(mul(eta, x[i]), mul(f, y[i]))))
		}
	}
	if k == F32 {
		for i, v := range r {
			r[i] = b.op(FConvert, F64, F32, v)
		}
	}
	return r, true
}
