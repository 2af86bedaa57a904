package lanes

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// typ is a resolved SPIR-V type: its scalar leaves (a vector, struct or
// array value is scalarized into one Value per leaf) and its memory
// layout.
type typ struct {
	op     spirv.Op
	width  int  // scalar bits (bool: 32 in memory)
	signed bool // OpTypeInt signedness (informational: ops choose)
	elem   *typ // vector, array, runtime array, pointer: the element
	count  int  // vector and array lengths (runtime array: 0)
	stride int  // array element stride in bytes
	fields []*typ
	offs   []int // struct member offsets
	size   int   // bytes in memory (runtime array: 0)
	align  int
	leaves []leaf // scalars in order with their byte offsets
	class  spirv.StorageClass
	// explicit: the layout comes from decorations (Offset, ArrayStride).
	explicit bool
}

// leaf is one scalar of a composite type.
type leaf struct {
	off  int
	kind Kind
	size int // bytes in memory: 1, 2, 4, 8
	bits int // integer width (8, 16, 32, 64), 0 for floats and bools
}

func (t *typ) String() string { return t.op.String() }

// physical says whether t is a PhysicalStorageBuffer pointer: a value
// whose one I64 leaf is an address.
func (t *typ) physical() bool {
	return t.op == spirv.OpTypePointer && t.class == spirv.StorageClassPhysicalStorageBuffer
}

func (t *typ) scalar() bool {
	return t.op == spirv.OpTypeInt || t.op == spirv.OpTypeFloat || t.op == spirv.OpTypeBool
}

// scalarOf is the type's scalar: itself or its vector's component.
func (t *typ) scalarOf() *typ {
	if t.op == spirv.OpTypeVector {
		return t.elem
	}
	return t
}

// kind is the lane kind of a scalar type.
func (t *typ) kind() Kind {
	switch t.op {
	case spirv.OpTypeBool:
		return Mask
	case spirv.OpTypeFloat:
		switch t.width {
		case 64:
			return F64
		case 16:
			return I32 // its bits (half.go)
		}
		return F32
	case spirv.OpTypeInt:
		if t.width == 64 {
			return I64
		}
		return I32
	}
	return I32
}

// types resolves the module's types on demand.
type types struct {
	b  *builder
	by map[spirv.ID]*typ
	// later holds the PhysicalStorageBuffer pointers whose pointee was
	// being resolved when they were (a struct that points to itself
	// through OpTypeForwardPointer): their elem is set when it is done.
	later map[spirv.ID][]*typ
}

func (ts *types) get(id spirv.ID) (*typ, error) {
	if t, ok := ts.by[id]; ok {
		if t == nil {
			return nil, fmt.Errorf("type %%%d refers to itself", id)
		}
		return t, nil
	}
	in := ts.b.x.Defs[id]
	if in == nil {
		return nil, fmt.Errorf("%%%d is not a type", id)
	}
	ts.by[id] = nil
	t, err := ts.resolve(in)
	if err != nil {
		delete(ts.by, id)
		return nil, err
	}
	ts.by[id] = t
	for _, pt := range ts.later[id] {
		pt.elem = t
	}
	delete(ts.later, id)
	return t, nil
}

func (ts *types) resolve(in *spirv.Instruction) (*typ, error) {
	a := in.Operands
	t := &typ{op: in.Op}
	switch in.Op {
	case spirv.OpTypeVoid, spirv.OpTypeFunction:
		return t, nil
	case spirv.OpTypeBool:
		t.width, t.size, t.align = 32, 4, 4
		t.leaves = []leaf{{kind: Mask, size: 4}}
	case spirv.OpTypeInt:
		t.width, t.signed = int(a[0]), a[1] != 0
		switch t.width {
		case 8, 16, 32, 64:
		default:
			return nil, unsupported("OpTypeInt", "%d-bit integers", t.width)
		}
		t.size, t.align = t.width/8, t.width/8
		t.leaves = []leaf{{kind: t.kind(), size: t.size, bits: t.width}}
	case spirv.OpTypeFloat:
		t.width = int(a[0])
		if t.width != 16 && t.width != 32 && t.width != 64 {
			return nil, unsupported("OpTypeFloat", "%d-bit floats", t.width)
		}
		t.size, t.align = t.width/8, t.width/8
		t.leaves = []leaf{{kind: t.kind(), size: t.size}}
	case spirv.OpTypeVector:
		e, err := ts.get(spirv.ID(a[0]))
		if err != nil {
			return nil, err
		}
		t.elem, t.count = e, int(a[1])
		t.stride = e.size
		t.size = e.size * t.count
		t.align = e.size * t.count
		if t.count == 3 {
			t.align = e.size * 4
		}
		for i := range t.count {
			t.leaves = append(t.leaves, leaf{off: i * e.size, kind: e.leaves[0].kind, size: e.size, bits: e.leaves[0].bits})
		}
	case spirv.OpTypeArray, spirv.OpTypeRuntimeArray:
		e, err := ts.get(spirv.ID(a[0]))
		if err != nil {
			return nil, err
		}
		t.elem = e
		if in.Op == spirv.OpTypeArray {
			c, err := ts.b.constant(spirv.ID(a[1]))
			if err != nil || len(c.bits) != 1 {
				return nil, unsupported("OpTypeArray", "length %%%d is not a constant", a[1])
			}
			if c.bits[0] >= 1<<31 {
				return nil, unsupported("OpTypeArray", "length %d", c.bits[0])
			}
			t.count = int(c.bits[0])
		}
		t.align = e.align
		t.stride = roundUp(e.size, e.align)
		if s, ok := ts.b.x.Decoration(in.Result, spirv.DecorationArrayStride); ok && len(s) > 0 {
			t.stride, t.explicit = int(s[0]), true
		}
		// As the compiler's (and clang's for 32-bit targets): no object
		// reaches 2 GiB, so that sizes fit an int everywhere.
		if int64(t.stride)*int64(t.count) >= 1<<31 {
			return nil, unsupported("OpTypeArray", "%d elements of %d bytes: 2 GiB or more", t.count, t.stride)
		}
		t.size = t.stride * t.count
		if int64(t.count)*int64(len(e.leaves)) <= maxLeaves {
			for i := range t.count {
				for _, lf := range e.leaves {
					lf.off += i * t.stride
					t.leaves = append(t.leaves, lf)
				}
			}
		} else {
			t.leaves = nil // too large to scalarize: only memory may hold it
		}
	case spirv.OpTypeStruct:
		off, big := 0, false
		for i, w := range a {
			f, err := ts.get(spirv.ID(w))
			if err != nil {
				return nil, err
			}
			if f.leaves == nil && f.size > 0 && f.op != spirv.OpTypePointer {
				big = true // a member too large to scalarize: so is the struct
			}
			o := roundUp(off, max(f.align, 1))
			if d, ok := ts.b.x.MemberDecoration(in.Result, uint32(i), spirv.DecorationOffset); ok && len(d) > 0 {
				o, t.explicit = int(d[0]), true
			}
			t.fields = append(t.fields, f)
			t.offs = append(t.offs, o)
			t.align = max(t.align, f.align)
			off = o + f.size
			for _, lf := range f.leaves {
				lf.off += o
				t.leaves = append(t.leaves, lf)
			}
		}
		t.size = roundUp(off, max(t.align, 1))
		if big || len(t.leaves) > maxLeaves {
			t.leaves = nil // too large to scalarize: only memory may hold it (bigval.go)
		}
	case spirv.OpTypePointer:
		t.class = spirv.StorageClass(a[0])
		if s, ok := ts.b.x.Decoration(in.Result, spirv.DecorationArrayStride); ok && len(s) > 0 {
			t.stride = int(s[0])
		}
		if t.class == spirv.StorageClassPhysicalStorageBuffer {
			// A 64-bit address in memory and in registers (physical.go),
			// known before its pointee: a struct may hold pointers to
			// itself. A pointee being resolved gets set when it is done.
			t.size, t.align = 8, 8
			t.leaves = []leaf{{kind: I64, size: 8, bits: 64}}
			ts.by[in.Result] = t
			if e, ok := ts.by[spirv.ID(a[1])]; ok && e == nil {
				if ts.later == nil {
					ts.later = map[spirv.ID][]*typ{}
				}
				ts.later[spirv.ID(a[1])] = append(ts.later[spirv.ID(a[1])], t)
				return t, nil
			}
		}
		e, err := ts.get(spirv.ID(a[1]))
		if err != nil {
			return nil, err
		}
		t.elem = e
	case spirv.OpTypeImage, spirv.OpTypeSampler, spirv.OpTypeSampledImage:
		return ts.handleType(t, in) // image.go
	default:
		return nil, unsupported(in.Op.String(), "type")
	}
	return t, nil
}

// maxLeaves bounds the scalars of a value Build scalarizes.
const maxLeaves = 4096

func roundUp(n, a int) int {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}
