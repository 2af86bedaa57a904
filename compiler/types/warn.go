package types

import (
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
)

// The warnings clang gives by default that C programmers rely on to catch
// typos: -Wparentheses (an assignment as a condition), -Wconstant-conversion
// and -Wliteral-conversion (a constant that changes value when converted),
// -Wunused-comparison and -Wunused-value (an expression statement without
// effect). Wordings and positions follow clang-15.

// assignAsCondition warns about `if (x = 3)`: an unparenthesized = or |=
// as the controlling expression of if, while, do or for.
func (c *checker) assignAsCondition(e syntax.Expr) {
	a, ok := e.(*syntax.AssignExpr)
	if !ok || a.Op != 0 && a.Op != syntax.Or {
		return
	}
	c.warnf(a, "using the result of an assignment as a condition without parentheses")
	c.notef(a.At, "place parentheses around the assignment to silence this warning")
	if a.Op == syntax.Or {
		c.notef(a.At, "use '!=' to turn this compound assignment into an inequality comparison")
	} else {
		c.notef(a.At, "use '==' to turn this assignment into an equality comparison")
	}
}

// unusedResult warns about an expression statement (or the left operand of
// a comma) whose value is discarded and that does nothing else.
func (c *checker) unusedResult(e syntax.Expr, commaLeft bool) {
	if tv, ok := c.info.Types[e]; !ok || IsInvalid(tv.Type) || IsVoid(tv.Type) {
		return
	}
	if b, ok := e.(*syntax.BinaryExpr); ok {
		switch b.Op {
		case syntax.Eql, syntax.Neq, syntax.Lss, syntax.Leq, syntax.Gtr, syntax.Geq:
			c.unusedComparison(b)
			return
		}
	}
	if !c.noEffect(e, 0) {
		return
	}
	if commaLeft {
		c.warnf(e, "left operand of comma operator has no effect")
		return
	}
	at := unparen(e)
	if sel, ok := at.(*syntax.SelectorExpr); ok {
		if _, swz := c.info.Swizzles[sel]; swz {
			// clang points at the start of a component selection.
			at = startOf(sel.X)
		}
	}
	c.warnf(at, "expression result unused")
}

// startOf is the leftmost sub-expression of e, where its text begins.
func startOf(e syntax.Expr) syntax.Expr {
	for i := 0; i < 64; i++ {
		switch x := e.(type) {
		case *syntax.SelectorExpr:
			e = x.X
		case *syntax.IndexExpr:
			e = x.X
		case *syntax.BinaryExpr:
			e = x.X
		case *syntax.AssignExpr:
			e = x.X
		case *syntax.CommaExpr:
			e = x.X
		case *syntax.CondExpr:
			e = x.Cond
		case *syntax.CallExpr:
			e = x.Fun
		case *syntax.UnaryExpr:
			if x.Op != syntax.PostInc && x.Op != syntax.PostDec {
				return e
			}
			e = x.X
		default:
			return e
		}
	}
	return e
}

func (c *checker) unusedComparison(b *syntax.BinaryExpr) {
	switch b.Op {
	case syntax.Eql:
		c.warnf(b, "equality comparison result unused")
	case syntax.Neq:
		c.warnf(b, "inequality comparison result unused")
	default:
		c.warnf(b, "relational comparison result unused")
		return
	}
	// The fix-it notes only make sense when the left side could be
	// assigned to.
	if c.info.Types[unparen(b.X)].Mode != LValue {
		return
	}
	if b.Op == syntax.Eql {
		c.notef(b.At, "use '=' to turn this equality comparison into an assignment")
	} else {
		c.notef(b.At, "use '|=' to turn this inequality comparison into an or-assignment")
	}
}

// noEffect reports whether evaluating e has no side effect (so discarding
// its value is likely a mistake). It errs towards false.
func (c *checker) noEffect(e syntax.Expr, depth int) bool {
	if depth > 64 {
		return false
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return c.noEffect(x.X, depth+1)
	case *syntax.Ident, *syntax.BasicLit, *syntax.SizeofExpr:
		return true
	case *syntax.BinaryExpr:
		if x.Op == syntax.LogAnd || x.Op == syntax.LogOr {
			return false
		}
		return c.noEffect(x.X, depth+1) && c.noEffect(x.Y, depth+1)
	case *syntax.UnaryExpr:
		switch x.Op {
		case syntax.Plus, syntax.Neg, syntax.Not, syntax.Compl, syntax.Addr:
			return c.noEffect(x.X, depth+1)
		case syntax.Deref:
			// Reading a volatile object is an effect.
			return c.info.Types[x].Quals&Volatile == 0 && c.noEffect(x.X, depth+1)
		}
	case *syntax.CastExpr:
		if _, lit := c.info.VecLits[x]; lit || IsVoid(c.info.Types[x].Type) {
			return false
		}
		return c.noEffect(x.X, depth+1)
	case *syntax.SelectorExpr:
		return c.info.Types[x].Quals&Volatile == 0 && c.noEffect(x.X, depth+1)
	case *syntax.IndexExpr:
		return c.info.Types[x].Quals&Volatile == 0 && c.noEffect(x.X, depth+1) && c.noEffect(x.Index, depth+1)
	}
	return false
}

// constConversion warns when the constant e (or a constant arm of a ?:)
// changes value when converted to t by assignment rules.
func (c *checker) constConversion(e syntax.Expr, t Type, depth int) {
	if depth > 64 {
		return
	}
	if ce, ok := unparen(e).(*syntax.CondExpr); ok {
		c.constConversion(ce.X, t, depth+1)
		c.constConversion(ce.Y, t, depth+1)
		return
	}
	tv, ok := c.info.Types[e]
	if !ok || tv.Value.Kind == NoConst {
		return
	}
	to := Scalar(t)
	if v, ok := Underlying(t).(*Vector); ok {
		to = v.Elem
	}
	from := Scalar(tv.Type)
	if to == nil || from == nil || !to.Kind.IsInteger() || to.Kind == Bool {
		return
	}
	if tv.Value.Kind == FloatConst {
		c.literalConversion(e, tv, t, to.Kind)
		return
	}
	if !from.Kind.IsInteger() || from.Kind == Bool {
		return
	}
	// As clang: the bits the value needs against the target's width. A
	// negative value needs its signed width (so uchar c = -1 is quiet).
	v := tv.Value
	var need int
	nonNeg := true
	switch {
	case from.Kind.IsUnsigned() || from.Kind == ULong:
		need = bits.Len64(v.Uint64())
	case v.Int < 0:
		need, nonNeg = bits.Len64(uint64(^v.Int))+1, false
	default:
		need = bits.Len64(uint64(v.Int))
	}
	width := int(to.Kind.Size() * 8)
	switch {
	case need > width:
	case need == width && nonNeg && to.Kind.IsSigned() && from.Kind.IsSigned() && !nonDecimal(e):
		// A positive value that lands on the sign bit (char c = 200);
		// hex and octal literals are bit patterns and stay quiet.
	default:
		return
	}
	nv := convertValue(v, from.Kind, to.Kind)
	newStr := strconv.FormatInt(nv.Int, 10)
	if to.Kind.IsUnsigned() || to.Kind == ULong {
		newStr = strconv.FormatUint(nv.Uint64(), 10)
	}
	oldStr := strconv.FormatInt(v.Int, 10)
	if from.Kind.IsUnsigned() || from.Kind == ULong {
		oldStr = strconv.FormatUint(v.Uint64(), 10)
	}
	c.warnf(e, "implicit conversion from %s to %s changes value from %s to %s", quote(tv.Type), quote(t), oldStr, newStr)
}

// nonDecimal reports whether e is an integer literal written in hex, octal
// or binary.
func nonDecimal(e syntax.Expr) bool {
	l, ok := unparen(e).(*syntax.BasicLit)
	return ok && l.Kind == syntax.IntLit && len(l.Value) > 1 && l.Value[0] == '0' && strings.IndexAny(l.Value[1:], "0123456789xXbB") == 0
}

// literalConversion warns about a floating literal converted to an integer
// type that does not keep its value (int i = 1.5f), as -Wliteral-conversion.
func (c *checker) literalConversion(e syntax.Expr, tv TypeAndValue, t Type, to Kind) {
	l, ok := unparen(e).(*syntax.BasicLit)
	if !ok || l.Kind != syntax.FloatLit {
		return
	}
	f := tv.Value.Float
	if math.IsNaN(f) || math.IsInf(f, 0) || !fitsInt(f, to) {
		c.warnf(e, "implicit conversion of out of range value from %s to %s is undefined", quote(tv.Type), quote(t))
		return
	}
	if f == math.Trunc(f) {
		return
	}
	c.warnf(e, "implicit conversion from %s to %s changes value from %s to %s", quote(tv.Type), quote(t), floatString(f, ElemKind(tv.Type)), strconv.FormatFloat(math.Trunc(f), 'f', -1, 64))
}

// fitsInt reports whether f truncated toward zero is a value of kind k.
func fitsInt(f float64, k Kind) bool {
	f = math.Trunc(f)
	n := float64(k.Size() * 8)
	if k.IsUnsigned() || k == ULong {
		return f >= 0 && f < math.Exp2(n)
	}
	return f >= -math.Exp2(n-1) && f < math.Exp2(n-1)
}

// floatString spells f as clang prints a floating constant: the shortest
// digits that read back as the same value of kind k, with an exponent
// written 1.0E+10.
func floatString(f float64, k Kind) string {
	bitSize := 64
	if k == Float || k == Half {
		bitSize = 32
	}
	s := strconv.FormatFloat(f, 'g', -1, bitSize)
	mant, exp, ok := strings.Cut(s, "e")
	if !ok {
		return s
	}
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	sign := exp[:1]
	exp = strings.TrimLeft(exp[1:], "0")
	return mant + "E" + sign + exp
}
