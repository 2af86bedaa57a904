package lanes

import (
	"github.com/clgo/clgo/spirv"
)

// Physical addressing (docs/physical.md): a PhysicalStorageBuffer
// pointer's value is a 64-bit address, made by OpConvertUToPtr and used
// directly by OpLoad, OpStore or an OpAtomic*, never by an access chain.
// Build keeps such a pointer as a ptr of region physRegion whose off is
// the I64 address, and its accesses become Phys ops, which find their
// buffer when they run (physexec.go).

// physRegion marks a ptr whose off is a physical address.
const physRegion = -2

// physConvert compiles OpConvertUToPtr to a PhysicalStorageBuffer pointer
// and OpConvertPtrToU of one: the bits are kept (a 32-bit integer is
// zero-extended, a 32-bit result truncated, as the interpreter does).
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

// physLeaves checks that a physical access moves scalars (no bools, no
// pointers) and gives each leaf's address.
func (b *builder) physLeaves(p *ptr, t *typ, what string) ([]Value, error) {
	if t.op == spirv.OpTypePointer || len(t.leaves) == 0 || len(t.leaves) > 16 {
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
	if v.ptr != nil || len(v.leaves) != len(p.t.leaves) {
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
