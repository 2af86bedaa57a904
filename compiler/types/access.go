package types

import (
	"github.com/clgo/clgo/compiler/syntax"
)

func (c *checker) index(e *syntax.IndexExpr) TypeAndValue {
	xtv := c.expr(e.X)
	itv := c.rvalueExpr(e.Index)
	if IsInvalid(xtv.Type) || IsInvalid(itv.Type) {
		return c.bad(e)
	}
	if p, ok := Underlying(itv.Type).(*Pointer); ok && isScalarInt(xtv.Type) {
		// i[p] is p[i] in C.
		c.rvalue(e.X, xtv)
		if !c.ptrArith(e, p) {
			return c.bad(e)
		}
		return c.record(e, TypeAndValue{Type: p.Elem, Mode: LValue, Quals: p.Quals, Space: p.Space})
	}
	if !isScalarInt(itv.Type) {
		c.errorf(e.Index, "array subscript is not an integer")
		return c.bad(e)
	}
	switch t := Underlying(xtv.Type).(type) {
	case *Array:
		if itv.Value.Kind == IntConst && t.Len >= 0 {
			i := itv.Value.Int
			if ElemKind(itv.Type).IsUnsigned() && i < 0 || i >= t.Len {
				c.warnf(e.Index, "array index %d is past the end of the array (that has type %s)", itv.Value.Uint64(), quote(xtv.Type))
			} else if i < 0 {
				c.warnf(e.Index, "array index %d is before the beginning of the array", i)
			}
		}
		mode := xtv.Mode
		if mode != LValue {
			mode = RValue
		}
		return c.record(e, TypeAndValue{Type: t.Elem, Mode: mode, Quals: xtv.Quals, Space: xtv.Space})
	case *Vector:
		if itv.Value.Kind == IntConst && (itv.Value.Int < 0 || itv.Value.Int >= int64(t.Len)) {
			c.warnf(e.Index, "vector index %d is out of bounds", itv.Value.Int)
		}
		mode := xtv.Mode
		if mode != LValue {
			mode = RValue
		}
		return c.record(e, TypeAndValue{Type: t.Elem, Mode: mode, Quals: xtv.Quals, Space: xtv.Space})
	case *Pointer:
		if !c.ptrArith(e, t) {
			return c.bad(e)
		}
		c.rvalue(e.X, xtv)
		return c.record(e, TypeAndValue{Type: t.Elem, Mode: LValue, Quals: t.Quals, Space: t.Space})
	}
	c.errorf(e, "subscripted value is not an array, pointer, or vector")
	return c.bad(e)
}

func (c *checker) selector(e *syntax.SelectorExpr) TypeAndValue {
	var xtv TypeAndValue
	if e.Arrow {
		ptv := c.rvalueExpr(e.X)
		if IsInvalid(ptv.Type) {
			return c.bad(e)
		}
		p, ok := Underlying(ptv.Type).(*Pointer)
		if !ok {
			c.errorf(e, "member reference type %s is not a pointer", quote(ptv.Type))
			return c.bad(e)
		}
		xtv = TypeAndValue{Type: p.Elem, Mode: LValue, Quals: p.Quals, Space: p.Space}
		switch Underlying(p.Elem).(type) {
		case *Struct, *Vector:
			// p->x selects components of the pointed-to vector, as (*p).x.
		default:
			c.errorf(e, "member reference base type %s is not a structure or union", quote(p.Elem))
			return c.bad(e)
		}
	} else {
		xtv = c.expr(e.X)
		if IsInvalid(xtv.Type) {
			return c.bad(e)
		}
	}
	mode := xtv.Mode
	if mode != LValue {
		mode = RValue
	}
	switch t := Underlying(xtv.Type).(type) {
	case *Struct:
		if !t.Complete {
			c.errorf(e, "incomplete definition of type %s", quote(t))
			return c.bad(e)
		}
		path, f := findField(t, e.Sel, 0)
		if f == nil {
			c.errorf(e, "no member named '%s' in %s", e.Sel, quote(t))
			return c.bad(e)
		}
		c.info.Members[e] = Member{Field: f, Path: path}
		return c.record(e, TypeAndValue{Type: f.Type, Mode: mode, Quals: xtv.Quals | f.Quals, Space: xtv.Space})
	case *Vector:
		idx, ok := c.swizzle(e, t)
		if !ok {
			return c.bad(e)
		}
		c.info.Swizzles[e] = idx
		var rt Type = t.Elem
		if len(idx) > 1 {
			rt = &Vector{Elem: t.Elem, Len: len(idx)}
		}
		return c.record(e, TypeAndValue{Type: rt, Mode: mode, Quals: xtv.Quals, Space: xtv.Space})
	}
	c.errorf(e, "member reference base type %s is not a structure or union", quote(xtv.Type))
	return c.bad(e)
}

// findField finds a member by name, looking through anonymous members.
func findField(s *Struct, name string, depth int) ([]int, *Field) {
	if depth > 32 {
		return nil, nil
	}
	for i, f := range s.Fields {
		if f.Name == name {
			return []int{i}, f
		}
	}
	for i, f := range s.Fields {
		if f.Name != "" {
			continue
		}
		if inner, ok := f.Type.(*Struct); ok {
			if p, g := findField(inner, name, depth+1); g != nil {
				return append([]int{i}, p...), g
			}
		}
	}
	return nil, nil
}

// swizzle resolves a vector component selection (OpenCL C 6.1.7).
func (c *checker) swizzle(e *syntax.SelectorExpr, v *Vector) ([]int, bool) {
	sel := e.Sel
	n := v.Len
	half := func(start, step int) []int {
		m := (n + 1) / 2
		if n == 3 {
			m = 2
		}
		var idx []int
		for i := 0; i < m; i++ {
			idx = append(idx, start+i*step)
		}
		return idx
	}
	switch sel {
	case "lo":
		return half(0, 1), true
	case "hi":
		if n == 3 {
			return []int{2, 3}, true
		}
		return half(n/2, 1), true
	case "even":
		return half(0, 2), true
	case "odd":
		return half(1, 2), true
	}
	var idx []int
	if len(sel) > 1 && (sel[0] == 's' || sel[0] == 'S') {
		for _, ch := range sel[1:] {
			var i int
			switch {
			case ch >= '0' && ch <= '9':
				i = int(ch - '0')
			case ch >= 'a' && ch <= 'f':
				i = int(ch-'a') + 10
			case ch >= 'A' && ch <= 'F':
				i = int(ch-'A') + 10
			default:
				c.errorf(e, "illegal vector component name '%c'", ch)
				return nil, false
			}
			if i >= n {
				c.errorf(e, "vector component access exceeds type %s", quote(v))
				return nil, false
			}
			idx = append(idx, i)
		}
	} else {
		const xyzw, rgba = "xyzw", "rgba"
		set := ""
		for _, ch := range sel {
			var i int
			var s string
			if k := indexRune(xyzw, ch); k >= 0 {
				i, s = k, xyzw
			} else if k := indexRune(rgba, ch); k >= 0 {
				i, s = k, rgba
			} else {
				c.errorf(e, "illegal vector component name '%c'", ch)
				return nil, false
			}
			if set != "" && set != s {
				c.errorf(e, "illegal vector component name '%s'", sel)
				return nil, false
			}
			set = s
			if i >= n {
				c.errorf(e, "vector component access exceeds type %s", quote(v))
				return nil, false
			}
			idx = append(idx, i)
		}
		if set == rgba && c.conf.Std < 300 {
			c.errorf(e, "vector component name '%s' is a feature from OpenCL version 3.0 onwards", sel)
			return nil, false
		}
	}
	switch len(idx) {
	case 1, 2, 3, 4, 8, 16:
	default:
		c.errorf(e, "vector component access has invalid length %d.  Supported: 1,2,3,4,8,16.", len(idx))
		return nil, false
	}
	return idx, true
}

func indexRune(s string, r rune) int {
	for i, c := range s {
		if c == r {
			return i
		}
	}
	return -1
}
