package lanes

import "github.com/clgo/clgo/spirv"

// Pointers selected between two memories (OpSelect with VariablePointers:
// `p = c ? in + i : out + j` over two buffers). A ptr has one region, so
// such a pointer is a ptrSel: the lanes where c holds use a, the others
// b. A load becomes a load through each under its lanes and a Select; a
// store two stores under disjoint masks; an access chain applies to both.
// Any other use (a phi, a call, an atomic) finds no ptr and is refused.
type ptrSel struct {
	c    Value // Mask: the lanes that use a
	a, b ptr
}

// selLoad loads through s for the lanes of cur.
func (b *builder) selLoad(in *instance, x *spirv.Instruction, s *ptrSel, t *typ, cur Value) error {
	if s.a.region < 0 && s.a.region != physRegion || s.b.region < 0 && s.b.region != physRegion {
		return unsupported("OpLoad", "through a selected built-in pointer")
	}
	va, err := b.load(&s.a, t, b.op(MaskAnd, Mask, Mask, cur, s.c))
	if err != nil {
		return err
	}
	vb, err := b.load(&s.b, t, b.op(MaskAndNot, Mask, Mask, cur, s.c))
	if err != nil {
		return err
	}
	if va.ptr != nil || vb.ptr != nil || len(va.leaves) != len(vb.leaves) {
		return unsupported("OpLoad", "a pointer through a selected pointer")
	}
	r := &sval{t: t, leaves: make([]Value, len(va.leaves))}
	for n := range va.leaves {
		k := b.kindOf(va.leaves[n])
		r.leaves[n] = b.op(Select, k, k, s.c, va.leaves[n], vb.leaves[n])
	}
	in.env[x.Result] = r
	return nil
}

// selStore stores v through s for the lanes of cur.
func (b *builder) selStore(s *ptrSel, v *sval, cur Value) error {
	if err := b.store(&s.a, v, b.op(MaskAnd, Mask, Mask, cur, s.c)); err != nil {
		return err
	}
	return b.store(&s.b, v, b.op(MaskAndNot, Mask, Mask, cur, s.c))
}

// selChain compiles an access chain on a selected pointer: the chain on
// each of its pointers.
func (b *builder) selChain(in *instance, x *spirv.Instruction, base *sval) error {
	var out [2]ptr
	for i, p := range [2]ptr{base.sel.a, base.sel.b} {
		tmp := spirv.ID(0) // an id no instruction defines
		in.env[tmp] = &sval{t: base.t, ptr: &p}
		y := *x
		y.Operands = append([]uint32{uint32(tmp)}, x.Operands[1:]...)
		err := b.chain(in, &y)
		delete(in.env, tmp)
		if err != nil {
			return err
		}
		r := in.env[x.Result]
		if r == nil || r.ptr == nil {
			return unsupported(x.Op.String(), "on a selected pointer")
		}
		out[i] = *r.ptr
	}
	in.env[x.Result] = &sval{t: in.env[x.Result].t, sel: &ptrSel{c: base.sel.c, a: out[0], b: out[1]}}
	return nil
}
