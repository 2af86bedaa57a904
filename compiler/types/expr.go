package types

import (
	"github.com/clgo/clgo/compiler/syntax"
)

// record stores what is known of e and notes the extensions its type needs.
func (c *checker) record(e syntax.Expr, tv TypeAndValue) TypeAndValue {
	if tv.Type == nil {
		tv.Type = Typ[Invalid]
	}
	if IsInvalid(tv.Type) {
		tv.Mode, tv.Value = NoValue, Value{}
	}
	if e != nil {
		c.info.Types[e] = tv
	}
	if c.fnExts != nil {
		switch ElemKind(tv.Type) {
		case Double:
			c.useExt("cl_khr_fp64")
		case Half:
			if tv.Mode != LValue {
				c.useExt("cl_khr_fp16")
			}
		}
	}
	return tv
}

func (c *checker) bad(e syntax.Expr) TypeAndValue {
	return c.record(e, TypeAndValue{Type: Typ[Invalid]})
}

func rv(t Type) TypeAndValue { return TypeAndValue{Type: t, Mode: RValue} }

func cv(t Type, v Value) TypeAndValue { return TypeAndValue{Type: t, Mode: RValue, Value: v} }

// rvalueExpr checks e and returns its value as an operand: arrays and
// functions decayed, lvalues read.
func (c *checker) rvalueExpr(e syntax.Expr) TypeAndValue {
	return c.rvalue(e, c.expr(e))
}

// rvalue converts the checked expression e to an rvalue.
func (c *checker) rvalue(e syntax.Expr, tv TypeAndValue) TypeAndValue {
	switch t := tv.Type.(type) {
	case *Array:
		p := &Pointer{Elem: t.Elem, Space: tv.Space, Quals: tv.Quals}
		c.info.Implicit[e] = p
		return rv(p)
	case *Signature:
		c.errorf(e, "function pointers are not allowed")
		return rv(Typ[Invalid])
	}
	if tv.Mode == LValue {
		if ElemKind(tv.Type) == Half && !c.fp16() && !c.warned["half-load"+posOf(e).String()] {
			c.warned["half-load"+posOf(e).String()] = true
			c.errorf(e, "loading directly from pointer to type 'half' requires cl_khr_fp16. Use vector data load builtin functions instead")
		}
		tv.Mode, tv.Quals, tv.Space = RValue, 0, Private
	}
	if tv.Mode == NoValue && !IsInvalid(tv.Type) && !IsVoid(tv.Type) {
		tv.Mode = RValue
	}
	return tv
}

// expr checks e and records its type; lvalues stay lvalues.
func (c *checker) expr(e syntax.Expr) TypeAndValue {
	switch e := e.(type) {
	case nil:
		return TypeAndValue{Type: Typ[Invalid]}
	case *syntax.Ident:
		return c.ident(e)
	case *syntax.BasicLit:
		return c.record(e, c.literal(e))
	case *syntax.ParenExpr:
		tv := c.expr(e.X)
		return c.record(e, tv)
	case *syntax.UnaryExpr:
		return c.unary(e)
	case *syntax.BinaryExpr:
		return c.binary(e)
	case *syntax.AssignExpr:
		return c.assignExpr(e)
	case *syntax.CommaExpr:
		c.discard(e.X)
		c.unusedResult(e.X, true)
		tv := c.rvalueExpr(e.Y)
		tv.Value = Value{} // not a constant expression in C
		return c.record(e, tv)
	case *syntax.CondExpr:
		return c.cond(e)
	case *syntax.CallExpr:
		return c.call(e)
	case *syntax.IndexExpr:
		return c.index(e)
	case *syntax.SelectorExpr:
		return c.selector(e)
	case *syntax.CastExpr:
		return c.cast(e)
	case *syntax.CompoundLit:
		t := c.typeExpr(e.Type).t
		if e.Init == nil {
			return c.bad(e)
		}
		t = c.initializer(t, e.Init, c.fn == nil)
		return c.record(e, TypeAndValue{Type: t, Mode: LValue})
	case *syntax.SizeofExpr:
		return c.sizeof(e)
	case *syntax.InitList:
		c.errorf(e, "initializer list cannot be used here")
		return TypeAndValue{Type: Typ[Invalid]}
	case *syntax.BadExpr:
		return c.bad(e)
	}
	return TypeAndValue{Type: Typ[Invalid]}
}

// discard checks an expression whose value is not used.
func (c *checker) discard(e syntax.Expr) {
	tv := c.expr(e)
	if _, ok := tv.Type.(*Array); ok {
		return
	}
	if _, ok := tv.Type.(*Signature); ok {
		return
	}
	c.rvalue(e, tv)
}

func (c *checker) ident(e *syntax.Ident) TypeAndValue {
	o := c.scope.lookup(e.Name)
	if o == nil {
		// OpenCL C has bool as in C++: true and false are constants of
		// type bool (clang makes them keywords).
		switch e.Name {
		case "true":
			return c.record(e, cv(Typ[Bool], IntValue(Bool, 1)))
		case "false":
			return c.record(e, cv(Typ[Bool], IntValue(Bool, 0)))
		}
		if b := c.builtin(e.Name); b != nil {
			c.info.Uses[e] = b
			c.errorf(e, "builtin function '%s' must be directly called", e.Name)
			return c.bad(e)
		}
		c.errorf(e, "use of undeclared identifier '%s'", e.Name)
		return c.bad(e)
	}
	c.info.Uses[e] = o
	switch o := o.(type) {
	case *Var:
		return c.record(e, TypeAndValue{Type: o.Type, Mode: LValue, Quals: o.Quals, Space: o.Space})
	case *EnumConst:
		return c.record(e, cv(o.Type, convertValue(o.Value, Long, ElemKind(o.Type))))
	case *Func:
		return c.record(e, rv(o.Sig))
	case *TypeName:
		c.errorf(e, "unexpected type name '%s': expected expression", e.Name)
	}
	return c.bad(e)
}

// isNullPointer reports whether tv is a null pointer constant: an integer
// constant 0, or one cast to void *.
func isNullPointer(tv TypeAndValue) bool {
	if tv.Value.Kind != IntConst || tv.Value.Int != 0 {
		return false
	}
	switch t := tv.Type.(type) {
	case *Basic:
		return t.Kind.IsInteger()
	case *Enum:
		return true
	case *Pointer:
		return IsVoid(t.Elem)
	}
	return false
}

// cmpResult is the type of a comparison of operands of type t: int for
// scalars, the signed integer vector of the same element size for vectors.
func cmpResult(t Type) Type {
	v, ok := t.(*Vector)
	if !ok {
		return Typ[Int]
	}
	var k Kind
	switch v.Elem.Size() {
	case 1:
		k = Char
	case 2:
		k = Short
	case 4:
		k = Int
	default:
		k = Long
	}
	return NewVector(k, v.Len)
}

// isScalar reports whether t is an arithmetic scalar or a pointer (what a
// condition may test).
func isScalar(t Type) bool {
	if Scalar(t) != nil {
		return true
	}
	_, ok := t.(*Pointer)
	return ok
}

// condition checks a controlling expression of if, while, for, ?:, &&, ||, !.
func (c *checker) condition(e syntax.Expr) TypeAndValue {
	tv := c.rvalueExpr(e)
	if IsInvalid(tv.Type) {
		return tv
	}
	if !isScalar(tv.Type) {
		if _, ok := tv.Type.(*Vector); ok {
			c.errorf(e, "statement requires expression of scalar type (%s invalid)", quote(tv.Type))
		} else {
			c.errorf(e, "statement requires expression of scalar type (%s invalid)", quote(tv.Type))
		}
		return rv(Typ[Invalid])
	}
	return tv
}
