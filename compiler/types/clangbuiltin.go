package types

import (
	"math"
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
)

// The __builtin_ functions of clang that OpenCL code uses (the list is
// cpp.ClangBuiltins, which __has_builtin answers from):
//
//   - __builtin_nan*, __builtin_inf*, __builtin_huge_val*: constants (f:
//     float, f16: half, none or l: double, or float without fp64);
//   - __builtin_expect(x, c), __builtin_expect_with_probability(x, c, p):
//     x, as long;
//   - __builtin_assume(x), __builtin_unreachable(): hints, void, nothing
//     evaluated (clang does not evaluate an assumption either);
//   - __builtin_constant_p(x): 1 when x is a constant expression, else 0;
//   - __builtin_isnan and the other classifications: the OpenCL builtin
//     of the same meaning (clangAliases).

var clangAliases = map[string]string{
	"__builtin_isnan": "isnan", "__builtin_isinf": "isinf", "__builtin_isfinite": "isfinite",
	"__builtin_isnormal": "isnormal", "__builtin_signbit": "signbit",
}

// unevaluatedBuiltin checks __builtin_assume and __builtin_constant_p,
// whose operand is not evaluated.
func (c *checker) unevaluatedBuiltin(e *syntax.CallExpr, name string) TypeAndValue {
	if len(e.Args) != 1 {
		c.argCountError(e, 1)
		return c.bad(e)
	}
	tv := c.rvalueExpr(e.Args[0])
	if IsInvalid(tv.Type) {
		return c.bad(e)
	}
	if name == "__builtin_constant_p" {
		v := int64(0)
		if tv.IsConst() {
			v = 1
		}
		c.info.Calls[e] = Callee{Builtin: &Overload{Name: name, Params: []Type{tv.Type}, Result: Typ[Int]}}
		return c.record(e, cv(Typ[Int], IntValue(Int, v)))
	}
	if !isScalar(tv.Type) {
		c.errorf(e.Args[0], "used type %s where arithmetic or pointer type is required", quote(tv.Type))
		return c.bad(e)
	}
	c.info.Calls[e] = Callee{Builtin: &Overload{Name: name, Params: []Type{tv.Type}, Result: Typ[Void]}}
	return c.record(e, TypeAndValue{Type: Typ[Void], Mode: NoValue})
}

func (c *checker) argCountError(e *syntax.CallExpr, want int) {
	few := "few"
	if len(e.Args) > want {
		few = "many"
	}
	c.errorf(e, "too %s arguments to function call, expected %d, have %d", few, want, len(e.Args))
}

func (c *checker) specialBuiltin(e *syntax.CallExpr, name string, args []operand) TypeAndValue {
	switch name {
	case "__builtin_expect", "__builtin_expect_with_probability":
		want := 2
		if name == "__builtin_expect_with_probability" {
			want = 3
		}
		if len(args) != want {
			c.argCountError(e, want)
			return c.bad(e)
		}
		t := Typ[Long]
		c.convert(args[0].e, args[0].tv, t)
		c.convert(args[1].e, args[1].tv, t)
		params := []Type{t, t}
		if want == 3 {
			c.convert(args[2].e, args[2].tv, Typ[Double])
			params = append(params, Typ[Double])
		}
		c.info.Calls[e] = Callee{Builtin: &Overload{Name: "__builtin_expect", Params: params, Result: t}}
		tv := rv(t)
		tv.Value = args[0].tv.Value
		return c.record(e, tv)
	case "__builtin_unreachable":
		if len(args) != 0 {
			c.argCountError(e, 0)
			return c.bad(e)
		}
		c.info.Calls[e] = Callee{Builtin: &Overload{Name: name, Result: Typ[Void]}}
		return c.record(e, TypeAndValue{Type: Typ[Void], Mode: NoValue})
	}
	// The floating constants.
	nan := strings.HasPrefix(name, "__builtin_nan")
	want := 0
	if nan {
		want = 1
	}
	if len(args) != want {
		c.argCountError(e, want)
		return c.bad(e)
	}
	var k Kind
	switch {
	case strings.HasSuffix(name, "f16"):
		k = Half
		c.needKindExt(e, Half)
	case strings.HasSuffix(name, "f"):
		k = Float
	default:
		k = Double
		if !c.fp64() {
			k = Float
		}
	}
	v := math.Inf(1)
	if nan {
		v = math.NaN()
	}
	var params []Type
	if want == 1 {
		params = []Type{&Pointer{Elem: Typ[Char], Space: Constant, Quals: Const}}
	}
	c.info.Calls[e] = Callee{Builtin: &Overload{Name: name, Params: params, Result: Typ[k]}}
	return c.record(e, cv(Typ[k], FloatValue(k, v)))
}

// extVectorType applies clang's ext_vector_type(N) to the scalar type t of
// a typedef (typedef float f4 __attribute__((ext_vector_type(4)))): the
// OpenCL vector of N elements.
func (c *checker) extVectorType(a *syntax.Attr, t Type) Type {
	b, ok := Underlying(t).(*Basic)
	if !ok || !b.Kind.IsArithmetic() || b.Kind == Bool {
		c.errorf(a, "invalid vector element type %s", quote(t))
		return Typ[Invalid]
	}
	var e syntax.Expr
	if len(a.Args) == 1 {
		e, _ = a.Args[0].(syntax.Expr)
	}
	if e == nil {
		c.errorf(a, "'ext_vector_type' attribute takes one argument")
		return Typ[Invalid]
	}
	tv := c.rvalueExpr(e)
	if !tv.IsConst() || tv.Value.Kind != IntConst {
		if !IsInvalid(tv.Type) {
			c.errorf(e, "'ext_vector_type' attribute requires an integer constant")
		}
		return Typ[Invalid]
	}
	switch n := tv.Value.Int; n {
	case 2, 3, 4, 8, 16:
		return &Vector{Elem: Typ[b.Kind], Len: int(n)}
	default:
		c.errorf(e, "vectors of %d elements are not OpenCL vectors (2, 3, 4, 8 or 16)", n)
		return Typ[Invalid]
	}
}
