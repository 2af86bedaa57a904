package types

import (
	"github.com/clgo/clgo/compiler/syntax"
)

func isIntegerType(t Type) bool {
	k := ElemKind(t)
	return k.IsInteger()
}

func (c *checker) unary(e *syntax.UnaryExpr) TypeAndValue {
	switch e.Op {
	case syntax.Addr:
		tv := c.expr(e.X)
		if IsInvalid(tv.Type) {
			return c.bad(e)
		}
		if _, ok := tv.Type.(*Signature); ok {
			c.errorf(e, "function pointers are not allowed")
			return c.bad(e)
		}
		if tv.Mode != LValue {
			c.errorf(e, "cannot take the address of an rvalue of type %s", quote(tv.Type))
			return c.bad(e)
		}
		if c.isComponent(e.X) {
			c.errorf(e, "address of vector element requested")
			return c.bad(e)
		}
		return c.record(e, rv(&Pointer{Elem: tv.Type, Space: tv.Space, Quals: tv.Quals}))
	case syntax.Deref:
		tv := c.rvalueExpr(e.X)
		if IsInvalid(tv.Type) {
			return c.bad(e)
		}
		p, ok := tv.Type.(*Pointer)
		if !ok {
			c.errorf(e, "indirection requires pointer operand (%s invalid)", quote(tv.Type))
			return c.bad(e)
		}
		if IsVoid(p.Elem) {
			c.errorf(e, "incomplete type 'void' where a complete type is required")
			return c.bad(e)
		}
		return c.record(e, TypeAndValue{Type: p.Elem, Mode: LValue, Quals: p.Quals, Space: p.Space})
	case syntax.PreInc, syntax.PreDec, syntax.PostInc, syntax.PostDec:
		tv := c.expr(e.X)
		if IsInvalid(tv.Type) {
			return c.bad(e)
		}
		if !c.modifiable(e.X, tv) {
			return c.bad(e)
		}
		t := tv.Type
		switch u := Underlying(t).(type) {
		case *Basic:
			if !u.Kind.IsArithmetic() {
				break
			}
			// ++ and -- on bool are C99's (6.5.2.4: b = b + 1 converted
			// to bool, so ++ sets it and -- flips it), as clang takes them
			// (sgminer's neoscrypt loops on "++flag").
			return c.record(e, rv(t))
		case *Vector:
			return c.record(e, rv(t))
		case *Pointer:
			if !c.complete(u.Elem) {
				c.errorf(e, "arithmetic on a pointer to an incomplete type %s", quote(u.Elem))
				return c.bad(e)
			}
			return c.record(e, rv(t))
		}
		what := "increment"
		if e.Op == syntax.PreDec || e.Op == syntax.PostDec {
			what = "decrement"
		}
		c.errorf(e, "cannot %s value of type %s", what, quote(t))
		return c.bad(e)
	}
	x := operand{e.X, c.rvalueExpr(e.X)}
	if IsInvalid(x.tv.Type) {
		return c.bad(e)
	}
	t := Underlying(x.tv.Type)
	switch e.Op {
	case syntax.Not:
		if v, ok := t.(*Vector); ok {
			return c.record(e, rv(cmpResult(v)))
		}
		if !isScalar(t) {
			c.errorf(e, "invalid argument type %s to unary expression", quote(x.tv.Type))
			return c.bad(e)
		}
		return c.record(e, cv(Typ[Int], foldUnary(syntax.Not, Int, x.tv.Value)))
	case syntax.Plus, syntax.Neg, syntax.Compl:
		if v, ok := t.(*Vector); ok {
			if e.Op == syntax.Compl && !v.Elem.Kind.IsInteger() {
				c.errorf(e, "invalid argument type %s to unary expression", quote(x.tv.Type))
				return c.bad(e)
			}
			return c.record(e, rv(x.tv.Type))
		}
		s := Scalar(t)
		if s == nil || e.Op == syntax.Compl && !s.Kind.IsInteger() {
			c.errorf(e, "invalid argument type %s to unary expression", quote(x.tv.Type))
			return c.bad(e)
		}
		rt := Type(Typ[promote(s.Kind)])
		if s.Kind == promote(s.Kind) {
			rt = x.tv.Type
			if _, isEnum := rt.(*Enum); isEnum {
				rt = s
			}
		}
		x.tv = c.convert(e.X, x.tv, rt)
		return c.record(e, cv(rt, foldUnary(e.Op, promote(s.Kind), x.tv.Value)))
	}
	return c.bad(e)
}

// isComponent reports whether e selects vector components (which have no
// address).
func (c *checker) isComponent(e syntax.Expr) bool {
	for {
		switch x := e.(type) {
		case *syntax.ParenExpr:
			e = x.X
			continue
		case *syntax.SelectorExpr:
			_, ok := c.info.Swizzles[x]
			return ok
		case *syntax.IndexExpr:
			_, ok := Underlying(c.info.Types[x.X].Type).(*Vector)
			return ok
		}
		return false
	}
}

// modifiable reports (and explains) whether e, checked as tv, may be
// assigned to.
func (c *checker) modifiable(e syntax.Expr, tv TypeAndValue) bool {
	if tv.Mode != LValue {
		c.errorf(e, "expression is not assignable")
		return false
	}
	switch tv.Type.(type) {
	case *Array:
		c.errorf(e, "array type %s is not assignable", quote(tv.Type))
		return false
	case *Signature:
		c.errorf(e, "expression is not assignable")
		return false
	}
	if tv.Quals&Const != 0 || tv.Space == Constant {
		if id, ok := unparen(e).(*syntax.Ident); ok {
			c.errorf(e, "cannot assign to variable '%s' with const-qualified type %s", id.Name, "'const "+tv.Type.String()+"'")
		} else {
			c.errorf(e, "read-only variable is not assignable")
		}
		return false
	}
	if s, ok := unparen(e).(*syntax.SelectorExpr); ok {
		if idx, ok := c.info.Swizzles[s]; ok && hasDuplicates(idx) {
			c.errorf(e, "vector is not assignable (contains duplicate components)")
			return false
		}
	}
	if s, ok := Underlying(tv.Type).(*Struct); ok && structHasConst(s, 0) {
		c.errorf(e, "cannot assign to lvalue with const-qualified member")
		return false
	}
	return true
}

func structHasConst(s *Struct, depth int) bool {
	if depth > 32 {
		return false
	}
	for _, f := range s.Fields {
		if f.Quals&Const != 0 {
			return true
		}
		if fs, ok := f.Type.(*Struct); ok && structHasConst(fs, depth+1) {
			return true
		}
	}
	return false
}

func hasDuplicates(idx []int) bool {
	seen := map[int]bool{}
	for _, i := range idx {
		if seen[i] {
			return true
		}
		seen[i] = true
	}
	return false
}

func unparen(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

func (c *checker) binary(e *syntax.BinaryExpr) TypeAndValue {
	x := operand{e.X, c.rvalueExpr(e.X)}
	y := operand{e.Y, c.rvalueExpr(e.Y)}
	if IsInvalid(x.tv.Type) || IsInvalid(y.tv.Type) {
		return c.bad(e)
	}
	return c.record(e, c.binaryOp(e, e.Op, &x, &y, false))
}

// binaryOp types x op y; compound is set for `x op= y` (then x is not
// converted: CompoundOp records the operation type).
func (c *checker) binaryOp(at syntax.Node, op syntax.Op, x, y *operand, compound bool) TypeAndValue {
	xt, yt := Underlying(x.tv.Type), Underlying(y.tv.Type)
	xp, xIsP := xt.(*Pointer)
	yp, yIsP := yt.(*Pointer)
	switch op {
	case syntax.Add, syntax.Sub:
		switch {
		case xIsP && yIsP && op == syntax.Sub && !compound:
			if xp.Space != yp.Space || !identicalPointee(xp.Elem, yp.Elem) {
				c.errorf(at, "%s and %s are not pointers to compatible types", quote(x.tv.Type), quote(y.tv.Type))
				return rv(Typ[Invalid])
			}
			if !c.ptrArith(at, xp) {
				return rv(Typ[Invalid])
			}
			return rv(c.builtinType("ptrdiff_t"))
		case xIsP && isScalarInt(yt):
			if !c.ptrArith(at, xp) {
				return rv(Typ[Invalid])
			}
			return rv(x.tv.Type)
		case yIsP && isScalarInt(xt) && op == syntax.Add && !compound:
			if !c.ptrArith(at, yp) {
				return rv(Typ[Invalid])
			}
			return rv(y.tv.Type)
		case xIsP || yIsP:
			c.errorf(at, "invalid operands to binary expression (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
			return rv(Typ[Invalid])
		}
		return c.arith(at, op, x, y, false, compound)
	case syntax.Mul, syntax.Div:
		return c.arith(at, op, x, y, false, compound)
	case syntax.Rem, syntax.And, syntax.Or, syntax.Xor:
		return c.arith(at, op, x, y, true, compound)
	case syntax.Shl, syntax.Shr:
		return c.shift(at, op, x, y, compound)
	case syntax.Eql, syntax.Neq, syntax.Lss, syntax.Leq, syntax.Gtr, syntax.Geq:
		if xIsP || yIsP {
			return c.ptrCompare(at, op, x, y)
		}
		if _, ok := xt.(*Vector); !ok {
			if _, ok := yt.(*Vector); !ok && (Scalar(xt) == nil || Scalar(yt) == nil) {
				c.errorf(at, "invalid operands to binary expression (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
				return rv(Typ[Invalid])
			}
		}
		t := c.common(at, x, y)
		if t == nil {
			return rv(Typ[Invalid])
		}
		if _, ok := t.(*Vector); ok {
			return rv(cmpResult(t))
		}
		v, _ := foldBinary(op, ElemKind(t), x.tv.Value, y.tv.Value)
		return cv(Typ[Int], v)
	case syntax.LogAnd, syntax.LogOr:
		_, xv := xt.(*Vector)
		_, yv := yt.(*Vector)
		if xv || yv {
			t := c.common(at, x, y)
			if t == nil {
				return rv(Typ[Invalid])
			}
			return rv(cmpResult(t))
		}
		if !isScalar(xt) || !isScalar(yt) {
			c.errorf(at, "invalid operands to binary expression (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
			return rv(Typ[Invalid])
		}
		v, _ := foldBinary(op, Int, truthValue(x.tv), truthValue(y.tv))
		// && and || are constant when the first operand decides them.
		if x.tv.Value.Kind != NoConst && y.tv.Value.Kind == NoConst {
			z := x.tv.Value.IsZero()
			if op == syntax.LogAnd && z {
				v = IntValue(Int, 0)
			} else if op == syntax.LogOr && !z {
				v = IntValue(Int, 1)
			}
		}
		return cv(Typ[Int], v)
	}
	return rv(Typ[Invalid])
}

func truthValue(tv TypeAndValue) Value {
	if tv.Value.Kind == NoConst {
		return Value{}
	}
	return IntValue(Int, b2i(!tv.Value.IsZero()))
}

func isScalarInt(t Type) bool {
	s := Scalar(t)
	return s != nil && s.Kind.IsInteger()
}

func (c *checker) ptrArith(at syntax.Node, p *Pointer) bool {
	if IsVoid(p.Elem) {
		c.errorf(at, "arithmetic on a pointer to void")
		return false
	}
	if !c.complete(p.Elem) {
		c.errorf(at, "arithmetic on a pointer to an incomplete type %s", quote(p.Elem))
		return false
	}
	return true
}

func (c *checker) ptrCompare(at syntax.Node, op syntax.Op, x, y *operand) TypeAndValue {
	xp, xok := Underlying(x.tv.Type).(*Pointer)
	yp, yok := Underlying(y.tv.Type).(*Pointer)
	switch {
	// A null pointer constant ((void*)0 is a __private void * before
	// OpenCL C 2.0) compares with a pointer into any address space.
	case xok && isNullPointer(y.tv):
		c.convert(y.e, y.tv, x.tv.Type)
		return rv(Typ[Int])
	case yok && isNullPointer(x.tv):
		c.convert(x.e, x.tv, y.tv.Type)
		return rv(Typ[Int])
	case xok && yok:
		if !overlap(xp.Space, yp.Space) {
			c.errorf(at, "comparison between (%s and %s) which are pointers to non-overlapping address spaces", quote(x.tv.Type), quote(y.tv.Type))
			return rv(Typ[Invalid])
		}
		if !IsVoid(xp.Elem) && !IsVoid(yp.Elem) && !identicalPointee(xp.Elem, yp.Elem) {
			c.warnf(at, "comparison of distinct pointer types (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
		}
		return rv(Typ[Int])
	}
	if !isScalarInt(x.tv.Type) && !isScalarInt(y.tv.Type) {
		// clang speaks of integers only when the other operand is one.
		c.errorf(at, "invalid operands to binary expression (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
		return rv(Typ[Invalid])
	}
	c.errorf(at, "comparison between pointer and integer (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
	return rv(Typ[Invalid])
}

// arith types an arithmetic or bitwise operator (intOnly: %, &, |, ^).
func (c *checker) arith(at syntax.Node, op syntax.Op, x, y *operand, intOnly, compound bool) TypeAndValue {
	xk, yk := ElemKind(x.tv.Type), ElemKind(y.tv.Type)
	if !xk.IsArithmetic() || !yk.IsArithmetic() || intOnly && (!xk.IsInteger() || !yk.IsInteger()) {
		c.errorf(at, "invalid operands to binary expression (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
		return rv(Typ[Invalid])
	}
	if compound {
		// x op= y: compute in the common type, x is converted there by
		// lowering (recorded in CompoundOp by the caller).
		xc := *x
		t := c.common(at, &xc, y)
		if t == nil {
			return rv(Typ[Invalid])
		}
		if _, ok := t.(*Vector); ok {
			if _, ok := Underlying(x.tv.Type).(*Vector); !ok {
				c.errorf(at, "assigning to %s from incompatible type %s", quote(x.tv.Type), quote(t))
				return rv(Typ[Invalid])
			}
		}
		delete(c.info.Implicit, x.e)
		return rv(t)
	}
	t := c.common(at, x, y)
	if t == nil {
		return rv(Typ[Invalid])
	}
	if (op == syntax.Div || op == syntax.Rem) && y.tv.Value.Kind == IntConst && y.tv.Value.Int == 0 && ElemKind(t).IsInteger() {
		what := "division"
		if op == syntax.Rem {
			what = "remainder"
		}
		c.warnf(y.e, "%s by zero is undefined", what)
	}
	if _, ok := t.(*Vector); ok {
		return rv(t)
	}
	v, _ := foldBinary(op, ElemKind(t), x.tv.Value, y.tv.Value)
	return cv(t, v)
}

// shift types << and >>: the result has the (promoted) left operand's type;
// the right operand is converted to it, and OpenCL masks the count.
func (c *checker) shift(at syntax.Node, op syntax.Op, x, y *operand, compound bool) TypeAndValue {
	xt, yt := Underlying(x.tv.Type), Underlying(y.tv.Type)
	if !isIntegerType(xt) || !isIntegerType(yt) {
		c.errorf(at, "invalid operands to binary expression (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
		return rv(Typ[Invalid])
	}
	xv, xIsV := xt.(*Vector)
	yv, yIsV := yt.(*Vector)
	switch {
	case xIsV && yIsV:
		if xv.Len != yv.Len {
			c.errorf(at, "cannot convert between vector values of different size (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
			return rv(Typ[Invalid])
		}
		c.convert(y.e, y.tv, x.tv.Type)
		return rv(x.tv.Type)
	case xIsV:
		y.tv = c.splat(y.e, y.tv, xv)
		return rv(x.tv.Type)
	case yIsV:
		c.errorf(at, "requested shift is a vector of type %s but the first operand is not a vector (%s)", quote(y.tv.Type), quote(x.tv.Type))
		return rv(Typ[Invalid])
	}
	t := Type(Typ[promote(ElemKind(xt))])
	if compound {
		t = Typ[promote(ElemKind(xt))]
	} else {
		x.tv = c.convert(x.e, x.tv, t)
	}
	y.tv = c.convert(y.e, y.tv, t)
	v, _ := foldBinary(op, ElemKind(t), x.tv.Value, y.tv.Value)
	return cv(t, v)
}

func (c *checker) assignExpr(e *syntax.AssignExpr) TypeAndValue {
	xtv := c.expr(e.X)
	ytv := c.rvalueExpr(e.Y)
	if IsInvalid(xtv.Type) || IsInvalid(ytv.Type) {
		return c.bad(e)
	}
	if !c.modifiable(e.X, xtv) {
		return c.bad(e)
	}
	switch Underlying(xtv.Type).(type) {
	case *Image, *Sampler:
		// Image and sampler values are handles the kernel receives; they
		// are never replaced (OpenCL C §6.13.14, §6.13.14.1).
		c.errorf(e, "cannot assign to a variable of type %s", quote(xtv.Type))
		return c.bad(e)
	}
	t := xtv.Type
	if e.Op == 0 {
		c.assign(e.Y, ytv, t, ctxAssign)
		return c.record(e, rv(t))
	}
	x := operand{e.X, rv(t)}
	y := operand{e.Y, ytv}
	res := c.binaryOp(e, e.Op, &x, &y, true)
	if IsInvalid(res.Type) {
		return c.bad(e)
	}
	c.info.CompoundOp[e] = res.Type
	return c.record(e, rv(t))
}

func (c *checker) cond(e *syntax.CondExpr) TypeAndValue {
	ctv := c.rvalueExpr(e.Cond)
	x := operand{e.X, c.rvalueExpr(e.X)}
	y := operand{e.Y, c.rvalueExpr(e.Y)}
	if IsInvalid(ctv.Type) || IsInvalid(x.tv.Type) || IsInvalid(y.tv.Type) {
		return c.bad(e)
	}
	if cvec, ok := Underlying(ctv.Type).(*Vector); ok {
		// select semantics: component-wise by the condition's sign bits.
		if !cvec.Elem.Kind.IsInteger() {
			c.errorf(e.Cond, "used type %s where integer vector is required", quote(ctv.Type))
			return c.bad(e)
		}
		var t Type
		if xk, yk := Scalar(x.tv.Type), Scalar(y.tv.Type); xk != nil && yk != nil && xk.Kind.IsArithmetic() && yk.Kind.IsArithmetic() {
			// Two scalars: clang's OpenCL conversions, without the integer
			// promotions (char2 ? char : char is a char2), then a splat.
			t = Typ[max(ElemKind(x.tv.Type), ElemKind(y.tv.Type))]
		} else if t = c.common(e, &x, &y); t == nil {
			return c.bad(e)
		}
		rv1, ok := t.(*Vector)
		if !ok {
			rv1 = &Vector{Elem: Typ[ElemKind(t)], Len: cvec.Len}
			c.splat(e.X, x.tv, rv1)
			c.splat(e.Y, y.tv, rv1)
		}
		if rv1.Len != cvec.Len {
			c.errorf(e, "vector condition type %s and result type %s do not have the same number of elements", quote(ctv.Type), quote(rv1))
			return c.bad(e)
		}
		if rv1.Elem.Size() != cvec.Elem.Size() {
			c.errorf(e, "vector condition type %s and result type %s do not have elements of the same size", quote(ctv.Type), quote(rv1))
			return c.bad(e)
		}
		return c.record(e, rv(rv1))
	}
	if !isScalar(ctv.Type) {
		c.errorf(e.Cond, "used type %s where arithmetic or pointer type is required", quote(ctv.Type))
		return c.bad(e)
	}
	pick := func(t Type) TypeAndValue {
		out := rv(t)
		if ctv.Value.Kind != NoConst {
			if ctv.Value.IsZero() {
				out.Value = y.tv.Value
			} else {
				out.Value = x.tv.Value
			}
		}
		return c.record(e, out)
	}
	xt, yt := Underlying(x.tv.Type), Underlying(y.tv.Type)
	switch {
	case (Scalar(xt) != nil || isVec(xt)) && (Scalar(yt) != nil || isVec(yt)):
		t := c.common(e, &x, &y)
		if t == nil {
			return c.bad(e)
		}
		return pick(t)
	case IsVoid(xt) && IsVoid(yt):
		return c.record(e, TypeAndValue{Type: Typ[Void], Mode: NoValue})
	}
	xp, xok := xt.(*Pointer)
	yp, yok := yt.(*Pointer)
	switch {
	case xok && isNullPointer(y.tv):
		c.convert(e.Y, y.tv, x.tv.Type)
		return c.record(e, rv(x.tv.Type))
	case yok && isNullPointer(x.tv):
		c.convert(e.X, x.tv, y.tv.Type)
		return c.record(e, rv(y.tv.Type))
	case xok && yok:
		if !overlap(xp.Space, yp.Space) {
			c.errorf(e, "conditional operator with the second and third operands of type (%s and %s) which are pointers to non-overlapping address spaces", quote(x.tv.Type), quote(y.tv.Type))
			return c.bad(e)
		}
		// A named space and generic meet in generic.
		space := xp.Space
		if yp.Space == Generic {
			space = Generic
		}
		var t *Pointer
		switch {
		case IsVoid(xp.Elem):
			t = &Pointer{Elem: xp.Elem, Space: space, Quals: xp.Quals | yp.Quals}
		case IsVoid(yp.Elem):
			t = &Pointer{Elem: yp.Elem, Space: space, Quals: xp.Quals | yp.Quals}
		case identicalPointee(xp.Elem, yp.Elem):
			t = &Pointer{Elem: xp.Elem, Space: space, Quals: xp.Quals | yp.Quals}
		default:
			c.warnf(e, "pointer type mismatch (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
			t = &Pointer{Elem: Typ[Void], Space: space, Quals: xp.Quals | yp.Quals}
		}
		c.convert(e.X, x.tv, t)
		c.convert(e.Y, y.tv, t)
		return c.record(e, rv(t))
	}
	if xs, ok := xt.(*Struct); ok && xs == yt {
		return c.record(e, rv(x.tv.Type))
	}
	if Identical(xt, yt) && isOpaque(xt) {
		return c.record(e, rv(x.tv.Type))
	}
	c.errorf(e, "incompatible operand types (%s and %s)", quote(x.tv.Type), quote(y.tv.Type))
	return c.bad(e)
}

func isVec(t Type) bool { _, ok := t.(*Vector); return ok }
