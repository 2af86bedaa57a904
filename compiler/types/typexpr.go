package types

import (
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
)

// qtype is a type with the qualifiers, address space and image access
// qualifier written with it; declarations split it into the object's type
// and the object's qualifiers.
type qtype struct {
	t        Type
	q        Quals
	space    AddrSpace
	hasSpace bool
	access   Access
	hasAcc   bool
}

func (c *checker) quals(q syntax.Qual, qt *qtype, at syntax.Node) {
	if q&syntax.Const != 0 {
		qt.q |= Const
	}
	if q&syntax.Volatile != 0 {
		qt.q |= Volatile
	}
	if q&syntax.Restrict != 0 {
		qt.q |= Restrict
	}
	if as := q & syntax.AddressSpaces; as != 0 {
		var sp AddrSpace
		switch as {
		case syntax.Global:
			sp = Global
		case syntax.Local:
			sp = Local
		case syntax.Constant:
			sp = Constant
		case syntax.Private:
			sp = Private
		case syntax.Generic:
			sp = Generic
		default:
			c.errorf(at, "multiple address spaces specified for type")
		}
		if qt.hasSpace && qt.space != sp {
			c.errorf(at, "multiple address spaces specified for type")
		}
		qt.space, qt.hasSpace = sp, true
	}
	if ac := q & syntax.AccessQuals; ac != 0 {
		switch ac {
		case syntax.ReadOnly:
			qt.access = ReadOnly
		case syntax.WriteOnly:
			qt.access = WriteOnly
		case syntax.ReadWrite:
			qt.access = ReadWrite
		default:
			c.errorf(at, "multiple access qualifiers")
		}
		qt.hasAcc = true
	}
}

// typeExpr evaluates te once per node (declarations share specifier
// subtrees) and records it in Info.TypeExprs.
func (c *checker) typeExpr(te syntax.TypeExpr) qtype {
	if te == nil {
		return qtype{t: Typ[Int]}
	}
	if qt, ok := c.typeMemo[te]; ok {
		return qt
	}
	qt := c.typeExpr1(te)
	if qt.t == nil {
		qt.t = Typ[Invalid]
	}
	if qt.hasAcc {
		if im, ok := qt.t.(*Image); ok && im.Access != qt.access {
			cp := *im
			cp.Access = qt.access
			qt.t = &cp
		}
		if im, ok := qt.t.(*Image); ok && qt.access == ReadWrite && c.conf.Std < 200 {
			c.errorf(te, "access qualifier read_write cannot be used for '%s' before OpenCL C 2.0", im)
			qt.t = Typ[Invalid] // its uses are not errors again
		}
	}
	c.typeMemo[te] = qt
	c.info.TypeExprs[te] = qt.t
	return qt
}

func (c *checker) typeExpr1(te syntax.TypeExpr) qtype {
	switch te := te.(type) {
	case *syntax.NamedType:
		var qt qtype
		if te.Typedef {
			o := c.scope.lookup(te.Name)
			tn, ok := o.(*TypeName)
			if !ok {
				c.errorf(te, "unknown type name '%s'", te.Name)
				qt.t = Typ[Invalid]
			} else {
				qt = c.typedefQ[tn]
				qt.t = tn.Type
			}
		} else {
			qt.t = c.builtinType(te.Name)
			if qt.t == nil {
				c.errorf(te, "unknown type name '%s'", te.Name)
				qt.t = Typ[Invalid]
			}
		}
		if ElemKind(qt.t) == Double && !c.fp64() {
			c.errorf(te, "use of type 'double' requires cl_khr_fp64 support")
		}
		c.quals(te.Quals, &qt, te)
		return qt
	case *syntax.PointerType:
		et := c.typeExpr(te.Elem)
		sp := et.space
		if !et.hasSpace {
			sp = c.defaultPointeeSpace()
		}
		if _, ok := et.t.(*Signature); ok {
			c.errorf(te, "pointers to functions are not allowed")
		}
		qt := qtype{t: &Pointer{Elem: et.t, Space: sp, Quals: et.q}}
		c.quals(te.Quals, &qt, te)
		return qt
	case *syntax.ArrayType:
		et := c.typeExpr(te.Elem)
		n := int64(-1)
		if te.Len != nil {
			n = c.arrayLen(te.Len)
		}
		if IsVoid(et.t) {
			c.errorf(te, "array has incomplete element type 'void'")
		} else if !c.complete(et.t) {
			c.errorf(te, "array has incomplete element type '%s'", et.t)
		} else if sz := c.conf.Sizeof(et.t); n > 0 && sz > 0 && n > maxObjectSize/sz {
			// As clang for a 32-bit target: no object reaches 2 GiB.
			c.errorf(te.Len, "array is too large (%d elements)", n)
			n = 1
		}
		et.t = &Array{Elem: et.t, Len: n}
		return et
	case *syntax.FuncType:
		return qtype{t: c.signature(te, nil)}
	case *syntax.StructType:
		qt := qtype{t: c.structType(te)}
		c.quals(te.Quals, &qt, te)
		return qt
	case *syntax.EnumType:
		qt := qtype{t: c.enumType(te)}
		c.quals(te.Quals, &qt, te)
		return qt
	case *syntax.TypeofType:
		tv := c.exprNoDecay(te.X)
		qt := qtype{t: tv.Type}
		c.quals(te.Quals, &qt, te)
		return qt
	}
	return qtype{t: Typ[Invalid]}
}

func (c *checker) defaultPointeeSpace() AddrSpace {
	if c.conf.Std >= 200 {
		return Generic
	}
	return Private
}

// maxObjectSize bounds the bytes of an object (an array type), as for
// clang's 32-bit targets (spir, clspv): 2^31 - 1.
const maxObjectSize = 1<<31 - 1

// arrayLen evaluates an array length.
func (c *checker) arrayLen(e syntax.Expr) int64 {
	tv := c.rvalueExpr(e)
	if IsInvalid(tv.Type) {
		return 1
	}
	if ElemKind(tv.Type).IsInteger() == false || VecLen(tv.Type) != 1 {
		c.errorf(e, "size of array has non-integer type '%s'", tv.Type)
		return 1
	}
	if !tv.IsConst() {
		c.errorf(e, "variable length arrays are not supported in OpenCL")
		return 1
	}
	n := tv.Value.Int
	if !ElemKind(tv.Type).IsSigned() && n < 0 {
		c.errorf(e, "array is too large")
		return 1
	}
	if n < 0 {
		c.errorf(e, "array size is negative")
		return 1
	}
	if n > 1<<40 {
		c.errorf(e, "array is too large")
		return 1
	}
	return n
}

// complete reports whether values of t have a known size.
func (c *checker) complete(t Type) bool {
	switch t := t.(type) {
	case *Basic:
		return t.Kind != Void
	case *Struct:
		return t.Complete
	case *Array:
		return t.Len >= 0 && c.complete(t.Elem)
	case *Signature:
		return false
	}
	return true
}

var scalarNames = map[string]Kind{
	"void": Void, "bool": Bool, "char": Char, "uchar": UChar, "short": Short,
	"ushort": UShort, "int": Int, "uint": UInt, "long": Long, "ulong": ULong,
	"half": Half, "float": Float, "double": Double,
	"signed char": Char, "unsigned char": UChar, "unsigned short": UShort,
	"unsigned int": UInt, "unsigned": UInt, "unsigned long": ULong, "_Bool": Bool,
}

// builtinType returns the type a builtin type name denotes, nil if none.
func (c *checker) builtinType(name string) Type {
	if k, ok := scalarNames[name]; ok {
		return Typ[k]
	}
	switch name {
	case "size_t", "uintptr_t":
		t := c.conf.SizeT()
		t.Name = name
		return t
	case "ptrdiff_t", "intptr_t":
		if c.conf.AddressBits == 64 {
			return &Basic{Kind: Long, Name: name}
		}
		return &Basic{Kind: Int, Name: name}
	case "sampler_t":
		return TheSampler
	case "event_t":
		return TheEvent
	case "cl_mem_fence_flags":
		return &Basic{Kind: UInt, Name: name}
	}
	if t := c.atomicType(name); t != nil {
		return t
	}
	switch name {
	case "image1d_t":
		return &Image{Dim: Image1D}
	case "image1d_buffer_t":
		return &Image{Dim: Image1DBuffer}
	case "image1d_array_t":
		return &Image{Dim: Image1D, Array: true}
	case "image2d_t":
		return &Image{Dim: Image2D}
	case "image2d_array_t":
		return &Image{Dim: Image2D, Array: true}
	case "image2d_depth_t":
		return &Image{Dim: Image2D, Depth: true}
	case "image2d_array_depth_t":
		return &Image{Dim: Image2D, Array: true, Depth: true}
	case "image3d_t":
		return &Image{Dim: Image3D}
	}
	if v := vectorByName(name); v != nil {
		return v
	}
	return nil
}

// vectorByName parses "float4", "uchar16", ...
func vectorByName(name string) *Vector {
	i := strings.IndexAny(name, "0123456789")
	if i <= 0 {
		return nil
	}
	k, ok := scalarNames[name[:i]]
	if !ok || !k.IsArithmetic() || k == Bool || strings.Contains(name[:i], " ") {
		return nil
	}
	n, err := strconv.Atoi(name[i:])
	if err != nil || name[i] == '0' {
		return nil
	}
	switch n {
	case 2, 3, 4, 8, 16:
		return NewVector(k, n)
	}
	return nil
}
