package lanes

import (
	"github.com/clgo/clgo/spirv"
)

// Physical addressing (docs/physical.md): a PhysicalStorageBuffer
// pointer's value is a 64-bit address, made by OpConvertUToPtr, loaded
// from memory (an SVM linked list's next), selected, carried by phis,
// offset by access chains (address arithmetic in I64) and used by
// OpLoad, OpStore or an OpAtomic*. Build keeps such a pointer as a ptr of
// region physRegion whose off is the I64 address (a value of its type
// made of leaves, as a load or an extract makes it, becomes one in get),
// and its accesses become Phys ops, which find their buffer when they
// run (physexec.go).

// physRegion marks a ptr whose off is a physical address.
const physRegion = -2

// physConvert compiles OpConvertUToPtr to a PhysicalStorageBuffer pointer
// and OpConvertPtrToU of one: the bits are kept (a 32-bit integer is
// zero-extended, a 32-bit result truncated).
func (b *builder) physConvert(in *instance, x *spirv.Instruction) error {
	t, err := b.types.get(x.ResultType)
	if err != nil {
		return err
	}
	if x.Op == spirv.OpConvertUToPtr {
		if t.op != spirv.OpTypePointer || t.class != spirv.StorageClassPhysicalStorageBuffer {
			return unsupported(x.Op.String(), "to a pointer that is not a PhysicalStorageBuffer pointer")
		}
		v, _, err := b.scalars(in, spirv.ID(x.Operands[0]))
		if err != nil {
			return err
		}
		a := v[0]
		if b.kindOf(a) == I32 {
			a = b.op(ZextTo64, I32, I64, a)
		}
		in.env[x.Result] = &sval{t: t, ptr: &ptr{region: physRegion, comp: -1, off: a, t: t.elem}}
		return nil
	}
	pv, err := b.get(in, spirv.ID(x.Operands[0]))
	if err != nil {
		return err
	}
	if pv.ptr == nil || pv.ptr.region != physRegion || len(t.leaves) != 1 {
		return unsupported(x.Op.String(), "of a pointer that is not a PhysicalStorageBuffer pointer")
	}
	a := pv.ptr.off
	if t.leaves[0].kind == I32 {
		a = b.zext(b.op(Trunc64, I64, I32, a), narrowBits(t))
	}
	in.env[x.Result] = &sval{t: t, leaves: []Value{a}}
	return nil
}

// physPtr is s, or the ptr of region physRegion that a PhysicalStorageBuffer
// pointer value made of its address leaf stands for.
func physPtr(s *sval) *sval {
	if s.ptr != nil || s.t == nil || !s.t.physical() || len(s.leaves) != 1 {
		return s
	}
	return &sval{t: s.t, ptr: &ptr{region: physRegion, comp: -1, off: s.leaves[0], t: s.t.elem}}
}

// physChain compiles an access chain on a physical address: the address
// plus each index times its stride and each member's offset, in I64
// (indices are signed, as SPIR-V reads them).
func (b *builder) physChain(in *instance, x *spirv.Instruction, base *sval, rt *typ) error {
	p := *base.ptr
	idx := x.Operands[1:]
	t := p.t
	add := func(i Value, stride int64) error {
		if err := b.checkIndex(i); err != nil {
			return err
		}
		if b.kindOf(i) == I32 {
			i = b.op(SextTo64, I32, I64, i)
		}
		if stride != 1 {
			i = b.op(Mul, I64, I64, i, b.konst(I64, uint64(stride)))
		}
		p.off = b.op(Add, I64, I64, p.off, i)
		return nil
	}
	if x.Op == spirv.OpPtrAccessChain {
		if base.t.stride == 0 {
			return unsupported(x.Op.String(), "an element index without an ArrayStride")
		}
		iv, _, err := b.scalars(in, spirv.ID(idx[0]))
		if err != nil {
			return err
		}
		if err := add(iv[0], int64(base.t.stride)); err != nil {
			return err
		}
		idx = idx[1:]
	}
	for _, w := range idx {
		if t == nil {
			return unsupported(x.Op.String(), "a pointee type not yet resolved")
		}
		iv, _, err := b.scalars(in, spirv.ID(w))
		if err != nil {
			return err
		}
		i := iv[0]
		switch t.op {
		case spirv.OpTypeStruct:
			vi := b.p.Values[i]
			if !vi.Const || int(vi.Bits) >= len(t.fields) {
				return unsupported(x.Op.String(), "a struct member index that is not a constant")
			}
			if o := t.offs[vi.Bits]; o != 0 {
				p.off = b.op(Add, I64, I64, p.off, b.konst(I64, uint64(o)))
			}
			t = t.fields[vi.Bits]
		case spirv.OpTypeArray, spirv.OpTypeRuntimeArray, spirv.OpTypeVector:
			if err := add(i, int64(t.stride)); err != nil {
				return err
			}
			t = t.elem
		default:
			return unsupported(x.Op.String(), "indexing %s", t)
		}
	}
	p.t = rt.elem
	in.env[x.Result] = &sval{t: rt, ptr: &p}
	return nil
}

// physLeaves checks that a physical access moves scalars (no bools; a
// PhysicalStorageBuffer pointer is its address) and gives each leaf's
// address.
func (b *builder) physLeaves(p *ptr, t *typ, what string) ([]Value, error) {
	if t == nil || t.op == spirv.OpTypePointer && !t.physical() || len(t.leaves) == 0 || len(t.leaves) > 16 {
		return nil, unsupported(what, "a %s through a PhysicalStorageBuffer pointer", t)
	}
	addrs := make([]Value, len(t.leaves))
	for n, lf := range t.leaves {
		if lf.kind == Mask {
			return nil, unsupported(what, "a bool through a PhysicalStorageBuffer pointer")
		}
		addrs[n] = p.off
		if lf.off != 0 {
			addrs[n] = b.op(Add, I64, I64, p.off, b.konst(I64, uint64(lf.off)))
		}
	}
	return addrs, nil
}

// physLoad loads a value of type t from the physical address p.off for
// the lanes of cur.
func (b *builder) physLoad(p *ptr, t *typ, cur Value) (*sval, error) {
	addrs, err := b.physLeaves(p, t, "OpLoad")
	if err != nil {
		return nil, err
	}
	s := &sval{t: t}
	for n, lf := range t.leaves {
		v := b.newValue(lf.kind, Varying)
		b.emit(Op{Code: PhysLoad, Kind: lf.kind, Dst: v, A: addrs[n], B: NoValue, C: NoValue, M: cur, Imm2: int64(lf.size)})
		s.leaves = append(s.leaves, v)
	}
	return s, nil
}

// physStore stores v to the physical address p.off for the lanes of cur.
// Loads remembered since the last label may read what it writes (an
// address may fall in any buffer): they are forgotten.
func (b *builder) physStore(p *ptr, v *sval, cur Value) error {
	if v.ptr != nil && v.ptr.region == physRegion {
		v = &sval{t: v.t, leaves: []Value{v.ptr.off}}
	}
	if v.ptr != nil || p.t == nil || len(v.leaves) != len(p.t.leaves) {
		return unsupported("OpStore", "a pointer or a value of another size through a PhysicalStorageBuffer pointer")
	}
	addrs, err := b.physLeaves(p, p.t, "OpStore")
	if err != nil {
		return err
	}
	if len(b.loads) > 0 {
		b.loads = map[loadKey]Value{}
	}
	for n, lf := range p.t.leaves {
		b.emit(Op{Code: PhysStore, Kind: lf.kind, Dst: NoValue, A: addrs[n], B: v.leaves[n], C: NoValue, M: cur, Imm2: int64(lf.size)})
	}
	return nil
}
