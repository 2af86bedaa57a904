package types

import (
	"github.com/clgo/clgo/compiler/syntax"
)

// structType declares or refers to a struct or union and lays it out.
func (c *checker) structType(te *syntax.StructType) Type {
	if !te.Defined {
		if te.Tag == "" {
			c.errorf(te, "declaration of anonymous struct must be a definition")
			return Typ[Invalid]
		}
		if t, _ := c.scope.lookupTag(te.Tag); t != nil {
			s, ok := t.(*Struct)
			if !ok || s.Union != te.Union {
				c.errorf(te, "use of '%s' with tag type that does not match previous declaration", te.Tag)
				return Typ[Invalid]
			}
			return s
		}
		s := &Struct{Tag: te.Tag, Union: te.Union}
		c.scope.tags[te.Tag] = s
		return s
	}
	var s *Struct
	fresh := true // s is new: no type refers to it yet
	if te.Tag != "" {
		if t, ok := c.scope.tags[te.Tag]; ok {
			fresh = false
			if old, ok := t.(*Struct); ok && !old.Complete && old.Union == te.Union {
				s = old
			} else {
				c.errorf(te, "redefinition of '%s'", te.Tag)
			}
		}
	}
	if s == nil {
		s = &Struct{Tag: te.Tag, Union: te.Union}
		if te.Tag != "" {
			if _, ok := c.scope.tags[te.Tag]; !ok {
				c.scope.tags[te.Tag] = s
			}
		}
	}
	var align int64
	for _, a := range te.Attrs {
		switch a.Name {
		case "packed":
			s.Packed = true
		case "aligned":
			align = max(align, c.alignedAttr(a))
		}
	}
	seen := map[string]bool{}
	for _, f := range te.Fields {
		ft := c.typeExpr(f.Type)
		if f.Name != "" && seen[f.Name] {
			c.errorf(f, "duplicate member '%s'", f.Name)
		}
		seen[f.Name] = true
		switch {
		case IsInvalid(ft.t):
		case IsVoid(ft.t) || !c.complete(ft.t):
			c.errorf(f, "field has incomplete type '%s'", ft.t)
			ft.t = Typ[Invalid]
		case isOpaque(ft.t):
			c.errorf(f, "the '%s' type cannot be used to declare a structure or union field", ft.t)
		}
		if ft.hasSpace && ft.space != Private {
			c.errorf(f, "field may not be qualified with an address space")
		}
		fld := &Field{Name: f.Name, Type: ft.t, Quals: ft.q}
		if f.Name == "" {
			if _, ok := ft.t.(*Struct); !ok {
				c.warnf(f, "declaration does not declare anything")
				continue
			}
		}
		fa := c.Alignof(ft.t)
		if s.Packed {
			fa = 1
		}
		for _, a := range f.Attrs {
			switch a.Name {
			case "aligned":
				fa = max(fa, c.alignedAttr(a))
			case "packed":
				fa = 1
			}
		}
		size := c.Sizeof(ft.t)
		if s.Union {
			s.Size = max(s.Size, size)
		} else {
			fld.Offset = roundUp(s.Size, fa)
			s.Size = fld.Offset + size
		}
		s.Align = max(s.Align, fa)
		s.Fields = append(s.Fields, fld)
	}
	s.Align = max(s.Align, align, 1)
	s.Size = roundUp(s.Size, s.Align)
	s.Complete = true
	if fresh {
		return c.sameTag(te.Tag, s)
	}
	return s
}

func isOpaque(t Type) bool {
	switch t.(type) {
	case *Image, *Sampler, *Event:
		return true
	}
	return false
}

func roundUp(n, a int64) int64 {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

// Sizeof is Config.Sizeof of the checker's configuration.
func (c *checker) Sizeof(t Type) int64 { return c.conf.Sizeof(t) }

// Alignof is Config.Alignof of the checker's configuration.
func (c *checker) Alignof(t Type) int64 { return c.conf.Alignof(t) }

// alignedAttr evaluates aligned or aligned(N); without N, the largest
// alignment (128, as clang for OpenCL targets).
func (c *checker) alignedAttr(a *syntax.Attr) int64 {
	if len(a.Args) == 0 {
		return 128
	}
	e, ok := a.Args[0].(syntax.Expr)
	if !ok {
		c.errorf(a, "'aligned' attribute requires an integer constant")
		return 1
	}
	tv := c.rvalueExpr(e)
	if !tv.IsConst() || tv.Value.Kind != IntConst {
		if !IsInvalid(tv.Type) {
			c.errorf(e, "'aligned' attribute requires an integer constant")
		}
		return 1
	}
	n := tv.Value.Int
	if n <= 0 || n&(n-1) != 0 || n > 1<<28 {
		c.errorf(e, "requested alignment is not a power of 2")
		return 1
	}
	return n
}

// enumType declares or refers to an enum.
func (c *checker) enumType(te *syntax.EnumType) Type {
	if !te.Defined {
		if t, _ := c.scope.lookupTag(te.Tag); t != nil {
			if e, ok := t.(*Enum); ok {
				return e
			}
			c.errorf(te, "use of '%s' with tag type that does not match previous declaration", te.Tag)
			return Typ[Invalid]
		}
		if te.Tag == "" {
			return Typ[Invalid]
		}
		c.errorf(te, "ISO C forbids forward references to 'enum' types")
		e := &Enum{Tag: te.Tag, Underlying: Typ[Int]}
		c.scope.tags[te.Tag] = e
		return e
	}
	e := &Enum{Tag: te.Tag, Underlying: Typ[Int]}
	if te.Tag != "" {
		if _, ok := c.scope.tags[te.Tag]; ok {
			c.errorf(te, "redefinition of '%s'", te.Tag)
		} else {
			c.scope.tags[te.Tag] = e
		}
	}
	// Values are 64-bit patterns; big marks those of 2^63 and above (an
	// unsigned long constant, or counting on past LONG_MAX), which only an
	// unsigned long can hold (clang's rules, C mode with its extensions).
	next, nextBig := int64(0), false
	lo, hi, anyBig := int64(0), int64(0), false
	var bigs []bool
	wrapped := false // counting on from ULONG_MAX
	for _, en := range te.Enumerators {
		if en.Value == nil && wrapped {
			c.errorf(en, "enumerator value is not representable in the underlying type 'unsigned long'")
		}
		if en.Value != nil {
			tv := c.rvalueExpr(en.Value)
			switch {
			case IsInvalid(tv.Type):
			case !tv.IsConst() || tv.Value.Kind != IntConst:
				c.errorf(en.Value, "expression is not an integer constant expression")
			default:
				next = tv.Value.Int
				nextBig = ElemKind(tv.Type).IsUnsigned() && ElemKind(tv.Type).Size() == 8 && next < 0
			}
		}
		// Within the enum's body an enumerator has type int when its value
		// fits, else a 64-bit type that holds it (the final type follows).
		ct := Typ[Int]
		switch {
		case nextBig:
			ct = Typ[ULong]
		case next < -1<<31 || next >= 1<<31:
			ct = Typ[Long]
		}
		ec := &EnumConst{At: en.At, Name: en.Name, Type: ct, Value: IntValue(Long, next), Enum: e}
		bigs = append(bigs, nextBig)
		if nextBig {
			anyBig = true
		} else {
			lo, hi = min(lo, next), max(hi, next)
		}
		c.declare(en.Name, ec, en)
		c.info.Defs[en] = ec
		e.Consts = append(e.Consts, ec)
		wrapped = nextBig && next == -1
		nextBig = nextBig || next == 1<<63-1
		next++
	}
	switch {
	case anyBig && lo < 0:
		c.warnf(te, "enumeration values exceed range of largest integer")
		e.Underlying = Typ[Long]
	case anyBig:
		e.Underlying = Typ[ULong]
	case lo >= -1<<31 && hi < 1<<31:
		e.Underlying = Typ[Int]
	case lo >= 0 && hi < 1<<32:
		e.Underlying = Typ[UInt]
	case lo >= 0:
		e.Underlying = Typ[ULong]
	default:
		e.Underlying = Typ[Long]
	}
	for i, ec := range e.Consts {
		// An enumerator whose value fits int has type int (C); the others
		// have the enum's underlying type.
		if bigs[i] || ec.Value.Int < -1<<31 || ec.Value.Int >= 1<<31 {
			ec.Type = e.Underlying
		}
	}
	e.Complete = true
	if te.Tag == "" || c.scope.tags[te.Tag] == e {
		return c.sameTag(te.Tag, e)
	}
	return e
}

// signature evaluates a function type; params, if not nil, receives the
// parameter objects.
func (c *checker) signature(ft *syntax.FuncType, params *[]*Var) *Signature {
	sig := &Signature{Variadic: ft.Variadic}
	rt := c.typeExpr(ft.Result)
	sig.Result = rt.t
	switch rt.t.(type) {
	case *Array:
		c.errorf(ft, "function cannot return array type '%s'", rt.t)
	case *Signature:
		c.errorf(ft, "function cannot return function type '%s'", rt.t)
	}
	ps := ft.Params
	if len(ps) == 1 && ps[0].Name == "" {
		if nt, ok := ps[0].Type.(*syntax.NamedType); ok && nt.Name == "void" && nt.Quals == 0 {
			c.typeExpr(nt)
			ps = nil
		}
	}
	for _, p := range ps {
		pt := c.typeExpr(p.Type)
		t := pt.t
		switch at := t.(type) {
		case *Array:
			t = &Pointer{Elem: at.Elem, Space: pt.space, Quals: pt.q}
			if !pt.hasSpace {
				t.(*Pointer).Space = c.defaultPointeeSpace()
			}
			pt.q = 0
		case *Signature:
			c.errorf(p, "pointers to functions are not allowed")
			t = Typ[Invalid]
		case *Basic:
			if at.Kind == Void {
				c.errorf(p, "argument may not have 'void' type")
				t = Typ[Invalid]
			}
		}
		if _, isArr := pt.t.(*Array); !isArr && pt.hasSpace && pt.space != Private {
			c.errorf(p, "parameter may not be qualified with an address space")
		}
		sig.Params = append(sig.Params, t)
		if params != nil {
			*params = append(*params, &Var{At: p.At, Name: p.Name, Type: t, Quals: pt.q, Space: Private, Kind: ParamVar, Decl: p})
		}
	}
	return sig
}
