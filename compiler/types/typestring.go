package types

import (
	"fmt"
	"strings"
)

// String spellings follow clang's, so that diagnostics read like clang's:
// "uchar4", "__global float *", "const __local int *", "struct S", "int[4]".

func (b *Basic) String() string {
	if b.Name != "" {
		return b.Name
	}
	return b.Kind.String()
}

func (v *Vector) String() string {
	if v.Name != "" {
		return v.Name
	}
	return fmt.Sprintf("%s%d", v.Elem.Kind, v.Len)
}

func (p *Pointer) String() string {
	if p.Name != "" {
		return p.Name
	}
	return declString(p, "")
}

func (a *Array) String() string {
	if a.Name != "" {
		return a.Name
	}
	return declString(a, "")
}

func (s *Struct) String() string {
	kw := "struct"
	if s.Union {
		kw = "union"
	}
	switch {
	case s.Name != "":
		return s.Name
	case s.Tag != "":
		return kw + " " + s.Tag
	}
	return "(anonymous " + kw + ")"
}

func (e *Enum) String() string {
	switch {
	case e.Name != "":
		return e.Name
	case e.Tag != "":
		return "enum " + e.Tag
	}
	return "(anonymous enum)"
}

func (s *Signature) String() string { return declString(s, "") }

func (im *Image) String() string {
	var b strings.Builder
	b.WriteString(im.Access.String())
	b.WriteString(" image")
	switch im.Dim {
	case Image1D:
		b.WriteString("1d")
	case Image2D:
		b.WriteString("2d")
	case Image3D:
		b.WriteString("3d")
	case Image1DBuffer:
		b.WriteString("1d_buffer")
	}
	if im.Array {
		b.WriteString("_array")
	}
	if im.Depth {
		b.WriteString("_depth")
	}
	b.WriteString("_t")
	return b.String()
}

func (*Sampler) String() string { return "sampler_t" }
func (*Event) String() string   { return "event_t" }

// declString spells t as C declares an object named name of that type.
func declString(t Type, name string) string {
	switch t := t.(type) {
	case *Pointer:
		if t.Name != "" {
			break
		}
		inner := "*" + name
		if _, ok := t.Elem.(*Array); ok {
			inner = "(" + inner + ")"
		} else if _, ok := t.Elem.(*Signature); ok {
			inner = "(" + inner + ")"
		}
		prefix := ""
		if t.Space != Private {
			prefix = t.Space.String() + " "
		}
		if t.Quals != 0 {
			prefix = t.Quals.String() + " " + prefix
		}
		return prefix + spaceBefore(declString(t.Elem, inner))
	case *Array:
		if t.Name != "" {
			break
		}
		n := ""
		if t.Len >= 0 {
			n = fmt.Sprint(t.Len)
		}
		return declString(t.Elem, name+"["+n+"]")
	case *Signature:
		var ps []string
		for _, p := range t.Params {
			ps = append(ps, p.String())
		}
		if t.Variadic {
			ps = append(ps, "...")
		}
		if len(ps) == 0 {
			ps = []string{"void"}
		}
		return declString(t.Result, name+"("+strings.Join(ps, ", ")+")")
	}
	if name == "" {
		return t.String()
	}
	if strings.HasPrefix(name, "[") || strings.HasPrefix(name, "(") && !strings.HasPrefix(name, "(*") {
		return t.String() + name
	}
	return t.String() + " " + name
}

// spaceBefore removes the blank clang leaves out between a type and a
// pointer declarator ("float *" not "float  *").
func spaceBefore(s string) string { return s }

// Identical reports whether x and y are the same type (typedef names and
// pointee qualifiers of nested pointers included; names ignored).
func Identical(x, y Type) bool {
	if x == y {
		return true
	}
	switch x := x.(type) {
	case *Basic:
		y, ok := y.(*Basic)
		return ok && x.Kind == y.Kind
	case *Vector:
		y, ok := y.(*Vector)
		return ok && x.Len == y.Len && x.Elem.Kind == y.Elem.Kind
	case *Pointer:
		y, ok := y.(*Pointer)
		return ok && x.Space == y.Space && x.Quals == y.Quals && Identical(x.Elem, y.Elem)
	case *Array:
		y, ok := y.(*Array)
		return ok && x.Len == y.Len && Identical(x.Elem, y.Elem)
	case *Signature:
		y, ok := y.(*Signature)
		if !ok || x.Variadic != y.Variadic || len(x.Params) != len(y.Params) || !Identical(x.Result, y.Result) {
			return false
		}
		for i := range x.Params {
			if !Identical(x.Params[i], y.Params[i]) {
				return false
			}
		}
		return true
	case *Image:
		y, ok := y.(*Image)
		return ok && *x == *y
	case *Sampler:
		_, ok := y.(*Sampler)
		return ok
	case *Event:
		_, ok := y.(*Event)
		return ok
	}
	return false // structs and enums: only themselves
}

// Underlying maps an enum type to its integer type and returns any other
// type unchanged.
func Underlying(t Type) Type {
	if e, ok := t.(*Enum); ok {
		if e.Underlying == nil {
			return Typ[UInt]
		}
		return e.Underlying
	}
	return t
}

// Scalar returns t's scalar type (through enums) or nil if t is not scalar
// arithmetic.
func Scalar(t Type) *Basic {
	if b, ok := Underlying(t).(*Basic); ok && b.Kind.IsArithmetic() {
		return b
	}
	return nil
}

// ElemKind returns the kind of a scalar type or of a vector's elements, and
// Invalid for anything else.
func ElemKind(t Type) Kind {
	switch t := Underlying(t).(type) {
	case *Basic:
		return t.Kind
	case *Vector:
		return t.Elem.Kind
	}
	return Invalid
}

// VecLen returns a vector type's length and 1 for anything else.
func VecLen(t Type) int {
	if v, ok := t.(*Vector); ok {
		return v.Len
	}
	return 1
}

// IsVoid reports whether t is void.
func IsVoid(t Type) bool {
	b, ok := t.(*Basic)
	return ok && b.Kind == Void
}

// IsInvalid reports whether t is the type of an erroneous expression.
func IsInvalid(t Type) bool {
	b, ok := t.(*Basic)
	return t == nil || ok && b.Kind == Invalid
}
