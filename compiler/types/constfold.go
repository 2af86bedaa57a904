package types

import (
	"math"

	"github.com/clgo/clgo/compiler/syntax"
)

// foldBinary evaluates x op y for constants of scalar kind k (the operands'
// common kind; for shifts, the left operand's). ok is false when the result
// is not a constant (division by zero).
func foldBinary(op syntax.Op, k Kind, x, y Value) (Value, bool) {
	if x.Kind == NoConst || y.Kind == NoConst {
		return Value{}, false
	}
	if k.IsFloat() {
		a, b := x.Float, y.Float
		if x.Kind == IntConst {
			a = float64(x.Int)
		}
		if y.Kind == IntConst {
			b = float64(y.Int)
		}
		switch op {
		case syntax.Add:
			return FloatValue(k, a+b), true
		case syntax.Sub:
			return FloatValue(k, a-b), true
		case syntax.Mul:
			return FloatValue(k, a*b), true
		case syntax.Div:
			return FloatValue(k, a/b), true
		case syntax.Eql:
			return IntValue(Int, b2i(a == b)), true
		case syntax.Neq:
			return IntValue(Int, b2i(a != b)), true
		case syntax.Lss:
			return IntValue(Int, b2i(a < b)), true
		case syntax.Leq:
			return IntValue(Int, b2i(a <= b)), true
		case syntax.Gtr:
			return IntValue(Int, b2i(a > b)), true
		case syntax.Geq:
			return IntValue(Int, b2i(a >= b)), true
		case syntax.LogAnd:
			return IntValue(Int, b2i(a != 0 && b != 0)), true
		case syntax.LogOr:
			return IntValue(Int, b2i(a != 0 || b != 0)), true
		}
		return Value{}, false
	}
	a, b := x.Int, y.Int
	ua, ub := uint64(a), uint64(b)
	unsigned := k.IsUnsigned()
	bits := uint64(k.Size() * 8)
	switch op {
	case syntax.Add:
		return IntValue(k, a+b), true
	case syntax.Sub:
		return IntValue(k, a-b), true
	case syntax.Mul:
		return IntValue(k, a*b), true
	case syntax.Div, syntax.Rem:
		if b == 0 {
			return Value{}, false
		}
		if unsigned {
			if op == syntax.Div {
				return IntValue(k, int64(ua/ub)), true
			}
			return IntValue(k, int64(ua%ub)), true
		}
		if a == math.MinInt64 && b == -1 {
			return IntValue(k, 0), op == syntax.Rem
		}
		if op == syntax.Div {
			return IntValue(k, a/b), true
		}
		return IntValue(k, a%b), true
	case syntax.Shl:
		return IntValue(k, a<<(ub&(bits-1))), true
	case syntax.Shr:
		if unsigned {
			return IntValue(k, int64(ua>>(ub&(bits-1)))), true
		}
		return IntValue(k, a>>(ub&(bits-1))), true
	case syntax.And:
		return IntValue(k, a&b), true
	case syntax.Or:
		return IntValue(k, a|b), true
	case syntax.Xor:
		return IntValue(k, a^b), true
	case syntax.Eql:
		return IntValue(Int, b2i(a == b)), true
	case syntax.Neq:
		return IntValue(Int, b2i(a != b)), true
	case syntax.LogAnd:
		return IntValue(Int, b2i(a != 0 && b != 0)), true
	case syntax.LogOr:
		return IntValue(Int, b2i(a != 0 || b != 0)), true
	case syntax.Lss, syntax.Leq, syntax.Gtr, syntax.Geq:
		var lt, eq bool
		if unsigned {
			lt, eq = ua < ub, ua == ub
		} else {
			lt, eq = a < b, a == b
		}
		var r bool
		switch op {
		case syntax.Lss:
			r = lt
		case syntax.Leq:
			r = lt || eq
		case syntax.Gtr:
			r = !lt && !eq
		default:
			r = !lt
		}
		return IntValue(Int, b2i(r)), true
	}
	return Value{}, false
}

// foldUnary evaluates op x for a constant of kind k (already promoted).
func foldUnary(op syntax.Op, k Kind, x Value) Value {
	if x.Kind == NoConst {
		return Value{}
	}
	switch op {
	case syntax.Plus:
		return x
	case syntax.Neg:
		if x.Kind == FloatConst {
			return FloatValue(k, -x.Float)
		}
		return IntValue(k, -x.Int)
	case syntax.Compl:
		if x.Kind == IntConst {
			return IntValue(k, ^x.Int)
		}
	case syntax.Not:
		return IntValue(Int, b2i(x.IsZero()))
	}
	return Value{}
}
