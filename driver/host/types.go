package host

import (
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// typ is a resolved SPIR-V type with its memory layout and its register
// shape. A value of the type occupies comps register rows (one per scalar
// leaf, in declaration order); in memory, leaf i lives at leaves[i].off.
type typ struct {
	op      spirv.Op // spirv.OpTypeInt, spirv.OpTypeFloat, ...
	id      uint32
	width   int  // bits, for scalars
	signed  bool // OpTypeInt signedness
	elem    *typ // vector, matrix, array, runtime array: element; pointer: pointee
	count   int  // vector, matrix, array length
	members []*typ
	offs    []int // struct member byte offsets
	stride  int   // array and runtime array stride; pointer: ArrayStride for OpPtrAccessChain
	sc      spirv.StorageClass
	size    int // bytes in memory; a runtime array counts as zero
	align   int
	comps   int // register rows; 0 where values of the type cannot exist
	leaves  []leaf
}

// leaf is one scalar of a type as laid out in memory.
type leaf struct {
	off   int
	bytes uint8
	bool  bool // stored as a 32-bit integer, read as 0 or 1
}

// scalar is the component type of a scalar or vector type.
func (t *typ) scalar() *typ {
	if t.op == spirv.OpTypeVector {
		return t.elem
	}
	return t
}

func (t *typ) String() string {
	switch t.op {
	case spirv.OpTypeVoid:
		return "void"
	case spirv.OpTypeBool:
		return "bool"
	case spirv.OpTypeInt:
		if t.signed {
			return fmt.Sprintf("int%d", t.width)
		}
		return fmt.Sprintf("uint%d", t.width)
	case spirv.OpTypeFloat:
		return fmt.Sprintf("float%d", t.width)
	case spirv.OpTypeVector:
		return fmt.Sprintf("%s%d", t.elem, t.count)
	case spirv.OpTypeArray:
		return fmt.Sprintf("%s[%d]", t.elem, t.count)
	case spirv.OpTypeRuntimeArray:
		return fmt.Sprintf("%s[]", t.elem)
	case spirv.OpTypePointer:
		return fmt.Sprintf("*%s", t.elem)
	case spirv.OpTypeStruct:
		return fmt.Sprintf("struct %%%d", t.id)
	}
	return spelling(t.op)
}

// compOffset is the first register row of member or element i of an
// aggregate value of type t, and the member's type.
func (t *typ) compOffset(i int) (int, *typ, error) {
	switch t.op {
	case spirv.OpTypeVector, spirv.OpTypeArray, spirv.OpTypeMatrix:
		if i < 0 || i >= t.count {
			return 0, nil, fmt.Errorf("index %d out of range for %s", i, t)
		}
		return i * t.elem.comps, t.elem, nil
	case spirv.OpTypeStruct:
		if i < 0 || i >= len(t.members) {
			return 0, nil, fmt.Errorf("member %d out of range for %s", i, t)
		}
		off := 0
		for _, m := range t.members[:i] {
			off += m.comps
		}
		return off, t.members[i], nil
	}
	return 0, nil, fmt.Errorf("%s is not a composite", t)
}

// resolveType builds the typ of a type instruction, whose operands are
// already resolved (the module is in definition order).
func (p *prep) resolveType(in *inst) (*typ, error) {
	a := in.args
	t := &typ{op: in.op, id: in.id}
	need := func(n int) error {
		if len(a) < n {
			return fmt.Errorf("short %s", spelling(in.op))
		}
		return nil
	}
	get := func(id uint32) (*typ, error) {
		e := p.types[id]
		if e == nil {
			return nil, fmt.Errorf("%%%d is not a type", id)
		}
		return e, nil
	}
	var err error
	switch in.op {
	case spirv.OpTypeVoid:
	case spirv.OpTypeBool:
		t.width, t.size, t.align, t.comps = 1, 4, 4, 1
		t.leaves = []leaf{{0, 4, true}}
	case spirv.OpTypeInt, spirv.OpTypeFloat:
		if err := need(1); err != nil {
			return nil, err
		}
		t.width = int(a[0])
		if in.op == spirv.OpTypeInt && len(a) > 1 {
			t.signed = a[1] != 0
		}
		switch t.width {
		case 8, 16, 32, 64:
		default:
			return nil, fmt.Errorf("unsupported %d-bit %s", t.width, spelling(in.op))
		}
		if in.op == spirv.OpTypeFloat && t.width == 8 {
			return nil, fmt.Errorf("unsupported 8-bit float")
		}
		t.size, t.align, t.comps = t.width/8, t.width/8, 1
		t.leaves = []leaf{{0, uint8(t.size), false}}
	case spirv.OpTypeVector, spirv.OpTypeMatrix:
		if err := need(2); err != nil {
			return nil, err
		}
		if t.elem, err = get(a[0]); err != nil {
			return nil, err
		}
		t.count = int(a[1])
		t.stride = t.elem.size
		if in.op == spirv.OpTypeMatrix {
			t.stride = roundUp(t.elem.size, t.elem.align)
		}
		if t.size, err = typeSize(t.count, t.stride); err != nil {
			return nil, err
		}
		t.align = t.elem.align
		p.aggregate(t)
	case spirv.OpTypeArray:
		if err := need(2); err != nil {
			return nil, err
		}
		if t.elem, err = get(a[0]); err != nil {
			return nil, err
		}
		c, ok := p.consts[a[1]]
		if !ok || len(c) != 1 {
			return nil, fmt.Errorf("array length %%%d is not a scalar constant", a[1])
		}
		t.count = int(c[0])
		if t.count < 0 || t.count > 1<<28 {
			return nil, fmt.Errorf("array length %d out of range", t.count)
		}
		t.stride = p.arrayStride(in.id, t.elem)
		if t.size, err = typeSize(t.count, t.stride); err != nil {
			return nil, err
		}
		t.align = t.elem.align
		p.aggregate(t)
	case spirv.OpTypeRuntimeArray:
		if err := need(1); err != nil {
			return nil, err
		}
		if t.elem, err = get(a[0]); err != nil {
			return nil, err
		}
		t.stride = p.arrayStride(in.id, t.elem)
		t.align = t.elem.align
	case spirv.OpTypeStruct:
		off, align := 0, 1
		for i, id := range a {
			m, err := get(id)
			if err != nil {
				return nil, err
			}
			if m.op == spirv.OpTypeRuntimeArray && i != len(a)-1 {
				return nil, fmt.Errorf("runtime array is not the last member")
			}
			off = roundUp(off, m.align)
			if d, ok := p.m.memberDeco(in.id, uint32(i), spirv.DecorationOffset); ok && len(d) > 0 {
				off = int(d[0])
			}
			t.members = append(t.members, m)
			t.offs = append(t.offs, off)
			off += m.size
			align = max(align, m.align)
		}
		t.align = align
		t.size = roundUp(off, align)
		if off > maxTypeSize {
			return nil, fmt.Errorf("struct of %d bytes: larger than the host's limit of %d: %w", off, maxTypeSize, driver.ErrOutOfResources)
		}
		if len(a) > 0 && t.members[len(a)-1].op == spirv.OpTypeRuntimeArray {
			t.size = t.offs[len(a)-1]
		}
		p.aggregate(t)
	case spirv.OpTypeForwardPointer:
		// A pointer used before its OpTypePointer (a struct that points
		// to its own type): its layout is known, its pointee comes with
		// the OpTypePointer, which completes this typ.
		if err := need(2); err != nil {
			return nil, err
		}
		t.op, t.id, t.sc = spirv.OpTypePointer, a[0], spirv.StorageClass(a[1])
		t.size, t.align, t.comps = 8, 8, 1
		t.leaves = []leaf{{0, 8, false}}
	case spirv.OpTypePointer:
		if err := need(2); err != nil {
			return nil, err
		}
		if f := p.types[in.id]; f != nil && f.op == spirv.OpTypePointer && f.elem == nil {
			t = f // declared by OpTypeForwardPointer
		}
		t.sc = spirv.StorageClass(a[0])
		if t.elem, err = get(a[1]); err != nil {
			return nil, err
		}
		t.stride = t.elem.size
		if d, ok := p.m.deco(in.id, spirv.DecorationArrayStride); ok && len(d) > 0 {
			t.stride = int(d[0])
		}
		t.size, t.align, t.comps = 8, 8, 1
		t.leaves = []leaf{{0, 8, false}}
	case spirv.OpTypeFunction:
	case spirv.OpTypeImage, spirv.OpTypeSampler, spirv.OpTypeSampledImage:
		return p.handleType(t, in)
	default:
		return nil, fmt.Errorf("unsupported type %s", spelling(in.op))
	}
	return t, nil
}

func (p *prep) arrayStride(id uint32, elem *typ) int {
	if d, ok := p.m.deco(id, spirv.DecorationArrayStride); ok && len(d) > 0 {
		return int(d[0])
	}
	return roundUp(elem.size, elem.align)
}

// maxComps bounds the register rows of one value; bigger aggregates (large
// arrays in memory) can be accessed through pointers but not loaded whole.
const maxComps = 1 << 12

// aggregate computes the leaves and register rows of a composite from its
// parts; a composite holding a runtime array or a huge array has no values.
func (p *prep) aggregate(t *typ) {
	var parts []*typ
	var offs []int
	switch t.op {
	case spirv.OpTypeVector, spirv.OpTypeMatrix, spirv.OpTypeArray:
		if t.count*max(t.elem.comps, 1) > maxComps {
			return
		}
		for i := 0; i < t.count; i++ {
			parts = append(parts, t.elem)
			offs = append(offs, i*t.stride)
		}
	case spirv.OpTypeStruct:
		parts, offs = t.members, t.offs
	}
	n := 0
	for _, e := range parts {
		if e.op == spirv.OpTypeRuntimeArray || (e.comps == 0 && e.size != 0) {
			return
		}
		n += e.comps
	}
	if n > maxComps {
		return
	}
	t.comps = n
	t.leaves = make([]leaf, 0, n)
	for i, e := range parts {
		for _, l := range e.leaves {
			l.off += offs[i]
			t.leaves = append(t.leaves, l)
		}
	}
}

func roundUp(n, a int) int {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}
