package types

import (
	"github.com/clgo/clgo/compiler/syntax"
)

// promote is C's integer promotion of a kind.
func promote(k Kind) Kind {
	switch k {
	case Bool, Char, UChar, Short, UShort:
		return Int
	}
	return k
}

func intRank(k Kind) int {
	switch k {
	case Bool:
		return 0
	case Char, UChar:
		return 1
	case Short, UShort:
		return 2
	case Int, UInt:
		return 3
	}
	return 4
}

func toUnsigned(k Kind) Kind {
	switch k {
	case Char:
		return UChar
	case Short:
		return UShort
	case Int:
		return UInt
	case Long:
		return ULong
	}
	return k
}

// usualArith is the common kind of C's usual arithmetic conversions.
func usualArith(a, b Kind) Kind {
	switch {
	case a == Double || b == Double:
		return Double
	case a == Float || b == Float:
		return Float
	case a == Half || b == Half:
		return Half
	}
	a, b = promote(a), promote(b)
	if a == b {
		return a
	}
	if a.IsSigned() == b.IsSigned() {
		if intRank(a) >= intRank(b) {
			return a
		}
		return b
	}
	u, s := a, b
	if a.IsSigned() {
		u, s = b, a
	}
	if intRank(u) >= intRank(s) {
		return u
	}
	if s.Size() > u.Size() {
		return s
	}
	return toUnsigned(s)
}

// convert records that the value of e (tv, an rvalue) is converted to t and
// returns the converted operand, folding constants.
func (c *checker) convert(e syntax.Expr, tv TypeAndValue, t Type) TypeAndValue {
	if IsInvalid(tv.Type) || IsInvalid(t) {
		return rv(Typ[Invalid])
	}
	if !Identical(tv.Type, t) {
		c.info.Implicit[e] = t
	} else if _, dec := c.info.Implicit[e]; !dec {
		return TypeAndValue{Type: t, Mode: RValue, Value: tv.Value}
	} else {
		c.info.Implicit[e] = t
	}
	out := rv(t)
	from, to := Scalar(tv.Type), Scalar(t)
	if from != nil && to != nil {
		out.Value = convertValue(tv.Value, from.Kind, to.Kind)
	} else if _, ok := t.(*Pointer); ok && isNullPointer(tv) {
		out.Value = tv.Value
	}
	return out
}

// operand is a checked expression used as a value.
type operand struct {
	e  syntax.Expr
	tv TypeAndValue
}

// vecRank is the conversion rank of OpenCL C 1.2 6.3.1 (6.2.6 in the 1.2
// numbering of usual arithmetic conversions) used between a scalar and a
// vector's element type: bool lowest, integers by precision with unsigned
// above signed of the same precision, every floating type above every
// integer type. It is not C99's integer conversion rank.
func vecRank(k Kind) int {
	switch k {
	case Bool:
		return 0
	case Char:
		return 1
	case UChar:
		return 2
	case Short:
		return 3
	case UShort:
		return 4
	case Int:
		return 5
	case UInt:
		return 6
	case Long:
		return 7
	case ULong:
		return 8
	case Half:
		return 9
	case Float:
		return 10
	}
	return 11
}

// splatOK reports whether scalar s may be widened to vector v in an
// operator: an error occurs if the scalar has greater rank than the element
// type (so short8 + int, int4 + 0u and float4 + 1.0 are errors, as clang).
func splatOK(s *Basic, v *Vector) bool {
	return vecRank(s.Kind) <= vecRank(v.Elem.Kind)
}

// common converts two operands to their common type for an arithmetic,
// bitwise or comparison operator: usual arithmetic conversions for scalars,
// a scalar widened to the other operand's vector type, equal vector types.
// It reports an error and returns nil when there is none.
func (c *checker) common(at syntax.Node, x, y *operand) Type {
	xt, yt := Underlying(x.tv.Type), Underlying(y.tv.Type)
	xv, xIsV := xt.(*Vector)
	yv, yIsV := yt.(*Vector)
	xs, ys := Scalar(xt), Scalar(yt)
	switch {
	case xs != nil && ys != nil:
		var t Type = Typ[usualArith(xs.Kind, ys.Kind)]
		// Keep a typedef name (size_t) for messages when an operand has it.
		if xb, ok := x.tv.Type.(*Basic); ok && xb.Name != "" && Identical(xb, t) {
			t = xb
		} else if yb, ok := y.tv.Type.(*Basic); ok && yb.Name != "" && Identical(yb, t) {
			t = yb
		}
		x.tv = c.convert(x.e, x.tv, t)
		y.tv = c.convert(y.e, y.tv, t)
		return t
	case xIsV && yIsV:
		if Identical(xv, yv) {
			return xv
		}
		if xv.Len != yv.Len {
			c.errorf(at, "cannot convert between vector values of different size (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
		} else {
			c.errorf(at, "invalid operands to binary expression (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
		}
		return nil
	case xIsV && ys != nil:
		if !splatOK(ys, xv) {
			c.errorf(at, "scalar operand type has greater rank than the type of the vector element (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
			return nil
		}
		y.tv = c.splat(y.e, y.tv, xv)
		return xv
	case yIsV && xs != nil:
		if !splatOK(xs, yv) {
			c.errorf(at, "scalar operand type has greater rank than the type of the vector element (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
			return nil
		}
		x.tv = c.splat(x.e, x.tv, yv)
		return yv
	}
	c.errorf(at, "invalid operands to binary expression (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
	return nil
}

// splat converts scalar operand tv to vector type v.
func (c *checker) splat(e syntax.Expr, tv TypeAndValue, v *Vector) TypeAndValue {
	c.info.Implicit[e] = v
	return rv(v)
}

// assignCtx names where a value is converted by assignment rules, for
// clang's messages.
type assignCtx uint8

const (
	ctxAssign assignCtx = iota
	ctxInit
	ctxPass
	ctxReturn
)

func (c *checker) incompatible(at syntax.Node, ctx assignCtx, to, from Type) {
	switch ctx {
	case ctxAssign:
		c.errorf(at, "assigning to %s from incompatible type %s", quote(to), quote(from))
	case ctxInit:
		c.errorf(at, "initializing %s with an expression of incompatible type %s", quote(to), quote(from))
	case ctxPass:
		c.errorf(at, "passing %s to parameter of incompatible type %s", quote(from), quote(to))
	case ctxReturn:
		c.errorf(at, "returning %s from a function with incompatible result type %s", quote(from), quote(to))
	}
}

func (c *checker) ptrDiag(at syntax.Node, ctx assignCtx, to, from Type, what string, warn bool) {
	var f string
	switch ctx {
	case ctxAssign:
		f = "assigning %[2]s to %[1]s %[3]s"
	case ctxInit:
		f = "initializing %[1]s with an expression of type %[2]s %[3]s"
	case ctxPass:
		f = "passing %[2]s to parameter of type %[1]s %[3]s"
	default:
		f = "returning %[2]s from a function with result type %[1]s %[3]s"
	}
	if warn {
		c.warnf(at, f, quote(to), quote(from), what)
	} else {
		c.errorf(at, f, quote(to), quote(from), what)
	}
}

// assign converts operand tv of e to t by the rules of assignment (also
// used for initializers, arguments and return values). It reports an error
// and returns false if the conversion is not allowed.
func (c *checker) assign(e syntax.Expr, tv TypeAndValue, t Type, ctx assignCtx) (TypeAndValue, bool) {
	if IsInvalid(tv.Type) || IsInvalid(t) {
		return rv(Typ[Invalid]), false
	}
	to, from := Underlying(t), Underlying(tv.Type)
	switch tt := to.(type) {
	case *Basic:
		if tt.Kind == Void {
			break
		}
		if Scalar(from) != nil {
			c.constConversion(e, t, 0)
			return c.convert(e, tv, t), true
		}
		if _, ok := from.(*Pointer); ok && tt.Kind == Bool {
			return c.convert(e, tv, t), true
		}
		if _, ok := from.(*Pointer); ok && tt.Kind.IsInteger() {
			c.ptrIntMismatch(e, ctx, t, tv.Type)
			return rv(Typ[Invalid]), false
		}
	case *Vector:
		if fv, ok := from.(*Vector); ok && Identical(fv, tt) {
			return c.convert(e, tv, t), true
		}
		if s := Scalar(from); s != nil {
			// OpenCL converts a scalar assigned to a vector to the element
			// type and widens it; unlike operators, any arithmetic scalar
			// may be (clang accepts int4 v = 1.5f).
			c.constConversion(e, t, 0)
			return c.splat(e, tv, tt), true
		}
	case *Pointer:
		if isNullPointer(tv) {
			return c.convert(e, tv, t), true
		}
		fp, ok := from.(*Pointer)
		if !ok {
			if Scalar(from) != nil && ElemKind(from).IsInteger() {
				c.ptrIntMismatch(e, ctx, t, tv.Type)
				return rv(Typ[Invalid]), false
			}
			break
		}
		if !toGeneric(fp.Space, tt.Space) {
			c.ptrDiag(e, ctx, t, tv.Type, "changes address space of pointer", false)
			return rv(Typ[Invalid]), false
		}
		if !IsVoid(tt.Elem) && !IsVoid(fp.Elem) && !identicalPointee(tt.Elem, fp.Elem) {
			c.mismatch(e, ctx, "incompatible pointer types ", t, tv.Type, true)
		} else if fp.Quals&^tt.Quals != 0 {
			c.ptrDiag(e, ctx, t, tv.Type, "discards qualifiers", true)
		}
		return c.convert(e, tv, t), true
	case *Struct:
		if tt == from {
			return c.convert(e, tv, t), true
		}
	case *Sampler:
		if _, ok := from.(*Sampler); ok {
			return tv, true
		}
		if tv.Value.Kind == IntConst && ElemKind(from).IsInteger() {
			// A sampler is initialized from its CLK_* bit mask.
			return c.convert(e, tv, t), true
		}
	case *Event:
		if Identical(tt, from) {
			return tv, true
		}
		if isNullPointer(tv) && isScalarInt(from) {
			return c.convert(e, tv, t), true
		}
	case *Image:
		if Identical(tt, from) {
			return tv, true
		}
	}
	c.incompatible(e, ctx, t, tv.Type)
	return rv(Typ[Invalid]), false
}

func (c *checker) ptrIntMismatch(e syntax.Expr, ctx assignCtx, to, from Type) {
	what := "incompatible integer to pointer conversion "
	if _, ok := Underlying(to).(*Pointer); !ok {
		what = "incompatible pointer to integer conversion "
	}
	c.mismatch(e, ctx, what, to, from, false)
}

// mismatch reports a conversion problem in clang's words for ctx.
func (c *checker) mismatch(e syntax.Expr, ctx assignCtx, what string, to, from Type, warn bool) {
	var f string
	switch ctx {
	case ctxAssign:
		f = "%sassigning to %s from %s"
	case ctxInit:
		f = "%sinitializing %s with an expression of type %s"
	case ctxPass:
		f = "%spassing %[3]s to parameter of type %[2]s"
	default:
		f = "%sreturning %[3]s from a function with result type %[2]s"
	}
	if warn {
		c.warnf(e, f, what, quote(to), quote(from))
	} else {
		c.errorf(e, f, what, quote(to), quote(from))
	}
}

// identicalPointee compares pointee types ignoring names.
func identicalPointee(x, y Type) bool {
	return Identical(x, y) || Identical(Underlying(x), Underlying(y)) && isEnumPair(x, y)
}

func isEnumPair(x, y Type) bool {
	_, a := x.(*Enum)
	_, b := y.(*Enum)
	return a || b
}
