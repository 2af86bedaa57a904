package types

import (
	"github.com/clgo/clgo/compiler/syntax"
)

func (c *checker) cast(e *syntax.CastExpr) TypeAndValue {
	qt := c.typeExpr(e.Type)
	t := qt.t
	if IsInvalid(t) {
		c.expr(e.X)
		return c.bad(e)
	}
	if v, ok := t.(*Vector); ok {
		if p, ok := e.X.(*syntax.ParenExpr); ok {
			if _, ok := p.X.(*syntax.CommaExpr); ok {
				return c.vecLit(e, v, p)
			}
		}
	}
	xtv := c.rvalueExpr(e.X)
	if IsInvalid(xtv.Type) {
		return c.bad(e)
	}
	from, to := Underlying(xtv.Type), Underlying(t)
	bad := func() TypeAndValue {
		c.errorf(e, "invalid conversion from %s to %s", quote(xtv.Type), quote(t))
		return c.bad(e)
	}
	switch tt := to.(type) {
	case *Basic:
		if tt.Kind == Void {
			return c.record(e, TypeAndValue{Type: t, Mode: NoValue})
		}
		switch f := from.(type) {
		case *Basic:
			if f.Kind == Void {
				c.errorf(e, "operand of type 'void' where arithmetic or pointer type is required")
				return c.bad(e)
			}
			return c.record(e, cv(t, convertValue(xtv.Value, f.Kind, tt.Kind)))
		case *Pointer:
			if tt.Kind.IsFloat() {
				c.errorf(e, "pointer cannot be cast to type %s", quote(t))
				return c.bad(e)
			}
			return c.record(e, rv(t))
		case *Vector:
			c.errorf(e, "invalid conversion between vector type %s and scalar type %s", quote(xtv.Type), quote(t))
			return c.bad(e)
		}
		return bad()
	case *Vector:
		switch f := from.(type) {
		case *Basic:
			if !f.Kind.IsArithmetic() {
				return bad()
			}
			// Casting a scalar to a vector converts it and splats it.
			return c.record(e, rv(t))
		case *Vector:
			if Identical(f, tt) {
				return c.record(e, rv(t))
			}
			c.errorf(e, "invalid conversion between ext-vector type %s and %s", quote(xtv.Type), quote(t))
			return c.bad(e)
		}
		return bad()
	case *Pointer:
		switch f := from.(type) {
		case *Pointer:
			if isNullPointer(xtv) {
				// (T *)NULL: a null pointer into any address space.
				out := rv(t)
				out.Value = xtv.Value
				return c.record(e, out)
			}
			if !overlap(f.Space, tt.Space) {
				c.errorf(e, "casting %s to type %s changes address space of pointer", quote(xtv.Type), quote(t))
				return c.bad(e)
			}
			return c.record(e, rv(t))
		case *Basic:
			if f.Kind.IsInteger() {
				out := rv(t)
				if isNullPointer(xtv) {
					out.Value = xtv.Value
				}
				return c.record(e, out)
			}
		}
		return bad()
	case *Struct:
		if from == to {
			return c.record(e, rv(t))
		}
		c.errorf(e, "used type %s where arithmetic or pointer type is required", quote(t))
		return c.bad(e)
	case *Sampler:
		if isScalarInt(from) || isSampler(from) {
			return c.record(e, rv(t))
		}
	case *Array:
		c.errorf(e, "cast to incomplete type %s", quote(t))
		return c.bad(e)
	}
	if Identical(from, to) {
		return c.record(e, rv(t))
	}
	return bad()
}

// vecLit checks a vector literal (T)(a, b, ...).
func (c *checker) vecLit(e *syntax.CastExpr, v *Vector, p *syntax.ParenExpr) TypeAndValue {
	var elems []syntax.Expr
	var commas []syntax.Expr
	var flatten func(x syntax.Expr)
	flatten = func(x syntax.Expr) {
		if cm, ok := x.(*syntax.CommaExpr); ok {
			commas = append(commas, cm)
			flatten(cm.X)
			flatten(cm.Y)
			return
		}
		elems = append(elems, x)
	}
	flatten(p.X)
	n := 0
	ok := true
	for _, x := range elems {
		tv := c.rvalueExpr(x)
		switch t := Underlying(tv.Type).(type) {
		case *Basic:
			if !t.Kind.IsArithmetic() {
				if !IsInvalid(t) {
					c.errorf(x, "initializing %s with an expression of incompatible type %s", quote(v.Elem), quote(tv.Type))
				}
				ok = false
				continue
			}
			c.constConversion(x, v.Elem, 0)
			c.convert(x, tv, v.Elem)
			n++
		case *Vector:
			if t.Elem.Kind != v.Elem.Kind {
				c.errorf(x, "initializing %s with an expression of incompatible type %s", quote(&Vector{Elem: v.Elem, Len: t.Len}), quote(tv.Type))
				ok = false
			}
			n += t.Len
		default:
			c.errorf(x, "initializing %s with an expression of incompatible type %s", quote(v.Elem), quote(tv.Type))
			ok = false
		}
	}
	if ok && n != v.Len {
		if n < v.Len {
			c.errorf(e, "too few elements in vector initialization (expected %d elements, have %d)", v.Len, n)
		} else {
			c.errorf(e, "excess elements in vector initializer")
		}
		ok = false
	}
	if !ok {
		return c.bad(e)
	}
	for _, cm := range commas {
		c.record(cm, rv(v))
	}
	c.record(p, rv(v))
	c.info.VecLits[e] = elems
	return c.record(e, rv(v))
}

func (c *checker) sizeof(e *syntax.SizeofExpr) TypeAndValue {
	var t Type
	if e.Type != nil {
		t = c.typeExpr(e.Type).t
	} else {
		tv := c.expr(e.X)
		t = tv.Type
	}
	if IsInvalid(t) {
		return c.bad(e)
	}
	sizeT := c.builtinType("size_t")
	switch e.Kind {
	case syntax.VecStep:
		switch u := Underlying(t).(type) {
		case *Vector:
			n := u.Len
			if n == 3 {
				n = 4
			}
			return c.record(e, cv(Typ[Int], IntValue(Int, int64(n))))
		case *Basic:
			if u.Kind.IsArithmetic() {
				return c.record(e, cv(Typ[Int], IntValue(Int, 1)))
			}
		}
		c.errorf(e, "invalid application of 'vec_step' to a non-vector and non-scalar type %s", quote(t))
		return c.bad(e)
	}
	name := "sizeof"
	if e.Kind == syntax.Alignof {
		name = "alignof"
	}
	switch u := t.(type) {
	case *Basic:
		if u.Kind == Void {
			c.errorf(e, "invalid application of '%s' to a void type", name)
			return c.bad(e)
		}
	case *Signature:
		c.errorf(e, "invalid application of '%s' to a function type", name)
		return c.bad(e)
	}
	// Images, samplers and event_t: OpenCL C 2.0 §6.3.k leaves their
	// sizeof implementation-defined; clang and PoCL give a pointer's size,
	// as Sizeof does, and the CTS's test_basic sizeof asks for a power of
	// two for image2d_t, image3d_t and sampler_t.
	if !c.complete(t) {
		c.errorf(e, "invalid application of '%s' to an incomplete type %s", name, quote(t))
		return c.bad(e)
	}
	n := c.Sizeof(t)
	if e.Kind == syntax.Alignof {
		n = c.Alignof(t)
	}
	return c.record(e, cv(sizeT, IntValue(sizeT.(*Basic).Kind, n)))
}
