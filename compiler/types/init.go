package types

import (
	"github.com/clgo/clgo/compiler/syntax"
)

func (c *checker) exprNoDecay(e syntax.Expr) TypeAndValue { return c.expr(e) }

// initializer checks the initializer of an object of type t and returns t,
// completed when t is an array of unknown size. static requires constant
// initializers (program scope, static and __constant objects).
func (c *checker) initializer(t Type, init syntax.Expr, static bool) Type {
	if IsInvalid(t) {
		// The initializer is still checked (as a value: a half load is
		// reported there), only not converted.
		if il, ok := init.(*syntax.InitList); ok {
			c.skipInitList(il)
		} else {
			c.rvalueExpr(init)
		}
		return t
	}
	if il, ok := init.(*syntax.InitList); ok {
		n, nt := c.initList(t, il, static)
		c.info.Inits[il] = n
		return nt
	}
	if at, ok := t.(*Array); ok {
		if lit, ok := unparen(init).(*syntax.BasicLit); ok && lit.Kind == syntax.StringLit && isCharKind(at.Elem) {
			return c.stringInit(at, init, lit)
		}
		c.expr(init)
		c.errorf(init, "array initializer must be an initializer list")
		return t
	}
	tv := c.rvalueExpr(init)
	if _, ok := c.assign(init, tv, t, ctxInit); ok && static {
		c.requireConst(init, tv)
	}
	return t
}

func (c *checker) skipInitList(il *syntax.InitList) {
	for _, el := range il.Elems {
		if sub, ok := el.Value.(*syntax.InitList); ok {
			c.skipInitList(sub)
		} else {
			c.expr(el.Value)
		}
	}
}

func isCharKind(t Type) bool {
	b, ok := t.(*Basic)
	return ok && (b.Kind == Char || b.Kind == UChar)
}

func (c *checker) stringInit(at *Array, init syntax.Expr, lit *syntax.BasicLit) Type {
	c.expr(init)
	n := int64(len(lit.Value))
	if at.Len < 0 {
		return &Array{Elem: at.Elem, Len: n + 1, Name: at.Name}
	}
	if n > at.Len {
		c.warnf(init, "initializer-string for char array is too long")
	}
	return at
}

// requireConst reports an initializer that is not a constant expression.
func (c *checker) requireConst(e syntax.Expr, tv TypeAndValue) {
	if tv.IsConst() || c.isConstInit(e, 0) {
		return
	}
	c.errorf(e, "initializer element is not a compile-time constant")
}

// isConstInit reports whether e is a constant initializer: an arithmetic
// constant, a vector literal of constants, or the address of a program-scope
// object.
func (c *checker) isConstInit(e syntax.Expr, depth int) bool {
	if depth > 64 {
		return false
	}
	if c.info.Types[e].IsConst() {
		return true
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return c.isConstInit(x.X, depth+1)
	case *syntax.CastExpr:
		if elems, ok := c.info.VecLits[x]; ok {
			for _, el := range elems {
				if !c.isConstInit(el, depth+1) {
					return false
				}
			}
			return true
		}
		return c.isConstInit(x.X, depth+1)
	case *syntax.BasicLit:
		return x.Kind == syntax.StringLit
	case *syntax.UnaryExpr:
		if x.Op == syntax.Addr {
			return c.isAddressConst(x.X, depth+1)
		}
	case *syntax.Ident:
		// An array or function designator decays to an address constant.
		if v, ok := c.info.Uses[x].(*Var); ok && v.Kind == GlobalVar {
			_, isArr := v.Type.(*Array)
			return isArr
		}
	case *syntax.BinaryExpr:
		if x.Op == syntax.Add || x.Op == syntax.Sub {
			_, isPtr := c.info.Types[x].Type.(*Pointer)
			return isPtr && c.isConstInit(x.X, depth+1) && c.isConstInit(x.Y, depth+1)
		}
	}
	return false
}

func (c *checker) isAddressConst(e syntax.Expr, depth int) bool {
	if depth > 64 {
		return false
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return c.isAddressConst(x.X, depth+1)
	case *syntax.Ident:
		v, ok := c.info.Uses[x].(*Var)
		return ok && v.Kind == GlobalVar
	case *syntax.IndexExpr:
		return c.isAddressConst(x.X, depth+1) && c.info.Types[x.Index].IsConst()
	case *syntax.SelectorExpr:
		return !x.Arrow && c.isAddressConst(x.X, depth+1)
	case *syntax.BasicLit:
		return x.Kind == syntax.StringLit
	}
	return false
}

// initStream is the elements of one braced list being consumed, possibly
// by sub-objects whose braces were elided.
type initStream struct {
	elems    []*syntax.InitElem
	pos      int
	skipDesg bool // the current element's designator was already applied
	static   bool
}

func isAggregate(t Type) bool {
	switch t.(type) {
	case *Array, *Struct, *Vector:
		return true
	}
	return false
}

// initList normalises a braced initializer for an object of type t.
func (c *checker) initList(t Type, il *syntax.InitList, static bool) (*Init, Type) {
	if !isAggregate(t) {
		// A scalar in braces: { x }.
		n := &Init{Type: t}
		for i, el := range il.Elems {
			if i == 1 {
				c.warnf(el.Value, "excess elements in scalar initializer")
			}
			if len(el.Designators) > 0 {
				c.errorf(el.Value, "designator in initializer for scalar type %s", quote(t))
			}
			if sub, ok := el.Value.(*syntax.InitList); ok {
				if i == 0 {
					c.warnf(sub, "too many braces around scalar initializer")
					inner, _ := c.initList(t, sub, static)
					c.info.Inits[sub] = inner
					n.Expr = inner.Expr
				} else {
					c.skipInitList(sub)
				}
				continue
			}
			if i == 0 {
				n.Expr = c.leaf(t, el.Value, static)
			} else {
				c.expr(el.Value)
			}
		}
		if len(il.Elems) == 0 {
			c.errorf(il, "scalar initializer cannot be empty")
		}
		c.info.Inits[il] = n
		return n, t
	}
	n := newAggregate(t)
	s := &initStream{elems: il.Elems, static: static}
	nt := c.fill(n, t, s, true)
	if at, ok := nt.(*Array); ok && at.Len == 0 {
		c.errorf(il, "zero-length arrays are not permitted")
		nt = &Array{Elem: at.Elem, Len: 1, Name: at.Name}
		n.Elems = make([]*Init, 1)
	}
	n.Type = nt
	c.info.Inits[il] = n
	return n, nt
}

func newAggregate(t Type) *Init {
	return &Init{Type: t, Elems: make([]*Init, max(aggLen(t), 0))}
}

// aggLen is the number of direct sub-objects of t (-1: unknown array).
func aggLen(t Type) int {
	switch t := t.(type) {
	case *Array:
		if t.Len > 1<<20 {
			return 1 << 20
		}
		return int(t.Len)
	case *Struct:
		return len(t.Fields)
	case *Vector:
		return t.Len
	}
	return 0
}

func subType(t Type, i int) Type {
	switch t := t.(type) {
	case *Array:
		return t.Elem
	case *Struct:
		if i < len(t.Fields) {
			return t.Fields[i].Type
		}
	case *Vector:
		return t.Elem
	}
	return Typ[Invalid]
}

// fill initializes aggregate node n of type t from s; braced is set when
// the list is t's own braced list (then it is consumed entirely), unset for
// a sub-object whose braces were elided (it takes what it needs).
func (c *checker) fill(n *Init, t Type, s *initStream, braced bool) Type {
	idx := 0
	maxIdx := 0
	arr, _ := t.(*Array)
	unknown := arr != nil && arr.Len < 0
	st, _ := t.(*Struct)
	filledUnion := false
	for s.pos < len(s.elems) {
		el := s.elems[s.pos]
		if len(el.Designators) > 0 && !s.skipDesg {
			if !braced {
				break
			}
			d := el.Designators[0]
			i, ok := c.designate(t, d)
			if !ok {
				c.skipElem(el)
				s.pos++
				continue
			}
			idx = i
			if len(el.Designators) > 1 {
				c.growTo(n, idx, unknown)
				sub := n.Elems[idx]
				subT := subType(t, idx)
				if sub == nil || sub.Elems == nil {
					sub = newAggregate(subT)
				}
				if !isAggregate(subT) {
					c.errorf(at(el.Designators[1].At), "designator in initializer for scalar type %s", quote(subT))
					c.skipElem(el)
				} else {
					inner := &initStream{elems: []*syntax.InitElem{{Designators: el.Designators[1:], Value: el.Value}}, static: s.static}
					c.fill(sub, subT, inner, true)
				}
				n.Elems[idx] = sub
				s.pos++
				idx++
				maxIdx = max(maxIdx, idx)
				continue
			}
			s.skipDesg = true
		}
		if st != nil && st.Union && filledUnion && !s.skipDesg {
			if !braced {
				break
			}
			c.warnf(el.Value, "excess elements in union initializer")
			c.skipElem(el)
			s.pos++
			continue
		}
		if !unknown && idx >= len(n.Elems) {
			if !braced {
				break
			}
			what := "array"
			switch t.(type) {
			case *Struct:
				what = "struct"
				if st.Union {
					what = "union"
				}
			case *Vector:
				what = "vector"
			}
			c.warnf(el.Value, "excess elements in %s initializer", what)
			c.skipElem(el)
			s.pos++
			continue
		}
		s.skipDesg = false
		c.growTo(n, idx, unknown)
		if idx >= len(n.Elems) {
			// An array of unknown size grows to 2^20 elements at most.
			c.errorf(el.Value, "initializer has more than %d elements", len(n.Elems))
			for ; s.pos < len(s.elems); s.pos++ {
				c.skipElem(s.elems[s.pos])
			}
			break
		}
		subT := subType(t, idx)
		switch v := el.Value.(type) {
		case *syntax.InitList:
			sub, _ := c.initList(subT, v, s.static)
			n.Elems[idx] = sub
			s.pos++
		default:
			if isAggregate(subT) && !c.initsWhole(subT, v) {
				sub := newAggregate(subT)
				before := s.pos
				c.fill(sub, subT, s, false)
				n.Elems[idx] = sub
				if s.pos == before {
					// The sub-object takes no element (an empty or an
					// incomplete struct, reported where declared): the
					// element is excess, or the loop would never end.
					if c.complete(subT) {
						c.warnf(v, "excess elements in struct initializer")
					}
					c.skipElem(el)
					s.pos++
				}
			} else {
				if at, ok := subT.(*Array); ok {
					lit, _ := unparen(v).(*syntax.BasicLit)
					subT = c.stringInit(at, v, lit)
					n.Elems[idx] = &Init{Type: subT, Expr: v}
				} else {
					n.Elems[idx] = &Init{Type: subT, Expr: c.leaf(subT, v, s.static)}
				}
				s.pos++
			}
		}
		filledUnion = true
		idx++
		maxIdx = max(maxIdx, idx)
	}
	if unknown {
		n.Elems = n.Elems[:maxIdx]
		return &Array{Elem: arr.Elem, Len: int64(maxIdx), Name: arr.Name}
	}
	return t
}

func (c *checker) skipElem(el *syntax.InitElem) {
	if sub, ok := el.Value.(*syntax.InitList); ok {
		c.skipInitList(sub)
	} else if el.Value != nil {
		c.expr(el.Value)
	}
}

func (c *checker) growTo(n *Init, idx int, unknown bool) {
	for unknown && idx >= len(n.Elems) && idx < 1<<20 {
		n.Elems = append(n.Elems, nil)
	}
}

// initsWhole reports whether expression v initializes a whole aggregate of
// type t (a struct or vector value of that type, or a string literal for a
// char array) rather than its first element. It checks v, once.
func (c *checker) initsWhole(t Type, v syntax.Expr) bool {
	if at, ok := t.(*Array); ok {
		lit, ok := unparen(v).(*syntax.BasicLit)
		return ok && lit.Kind == syntax.StringLit && isCharKind(at.Elem)
	}
	tv, ok := c.info.Types[v]
	if !ok {
		tv = c.expr(v)
	}
	return Identical(Underlying(tv.Type), t) || IsInvalid(tv.Type)
}

// leaf checks an element initializer of scalar (or whole-aggregate) type t.
func (c *checker) leaf(t Type, v syntax.Expr, static bool) syntax.Expr {
	tv, ok := c.info.Types[v]
	if !ok {
		tv = c.expr(v)
	}
	tv = c.rvalue(v, tv)
	if _, ok := c.assign(v, tv, t, ctxInit); ok && static {
		c.requireConst(v, tv)
	}
	return v
}

// designate resolves the first designator of an element against t.
func (c *checker) designate(t Type, d syntax.Designator) (int, bool) {
	if d.Index == nil {
		st, ok := t.(*Struct)
		if !ok {
			c.errorf(at(d.At), "field designator cannot initialize a non-struct, non-union type %s", quote(t))
			return 0, false
		}
		for i, f := range st.Fields {
			if f.Name == d.Field {
				return i, true
			}
		}
		c.errorf(at(d.At), "field designator '%s' does not refer to any field in type %s", d.Field, quote(t))
		return 0, false
	}
	tv := c.rvalueExpr(d.Index)
	switch t.(type) {
	case *Array, *Vector:
	default:
		c.errorf(at(d.At), "array designator cannot initialize non-array type %s", quote(t))
		return 0, false
	}
	if !tv.IsConst() || tv.Value.Kind != IntConst {
		if !IsInvalid(tv.Type) {
			c.errorf(d.Index, "expression is not an integer constant expression")
		}
		return 0, false
	}
	i := tv.Value.Int
	n := int64(aggLen(t))
	if at, ok := t.(*Array); ok && at.Len < 0 {
		n = 1 << 20
	}
	if i < 0 || i >= n {
		c.errorf(d.Index, "array designator index (%d) exceeds array bounds (%d)", i, n)
		return 0, false
	}
	return int(i), true
}
