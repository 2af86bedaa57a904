package host

import "github.com/clgo/clgo/spirv"

// Constants too large to live in register rows (more than maxComps
// scalars, such as a program-scope __constant table of thousands of
// vectors) cannot be values, but they can initialize variables: they are
// kept as the bytes of their memory layout.

// constImage records the bytes of a composite or null constant whose type
// has no value form. Any use other than a variable's initializer fails to
// prepare, as it did before.
func (p *prep) constImage(in *inst, t *typ) error {
	if t.size > maxConstImage {
		return p.resourcef("constant of type %s is %d bytes: larger than the host's limit of %d", t, t.size, maxConstImage)
	}
	switch in.op {
	case spirv.OpConstantNull:
		p.constImg[in.id] = make([]byte, t.size)
		return nil
	case spirv.OpConstantComposite:
	default:
		return p.errorf("constant of type %s has no value form", t)
	}
	img := make([]byte, t.size)
	for i, id := range in.args {
		var et *typ
		var off int
		switch t.op {
		case spirv.OpTypeArray, spirv.OpTypeVector, spirv.OpTypeMatrix:
			et, off = t.elem, i*t.stride
		case spirv.OpTypeStruct:
			if i >= len(t.members) {
				return p.errorf("constituent %d of a %d-member struct", i, len(t.members))
			}
			et, off = t.members[i], t.offs[i]
		default:
			return p.errorf("constant of type %s has no value form", t)
		}
		if et == nil || off < 0 || off+et.size > len(img) {
			return p.errorf("constituent %d of %s out of its layout", i, t)
		}
		if c, ok := p.consts[id]; ok && len(c) == len(et.leaves) {
			for k, lf := range et.leaves {
				writeLeaf(img, uint64(off), lf, c[k])
			}
			continue
		}
		sub, ok := p.constImg[id]
		if !ok || len(sub) != et.size {
			return p.errorf("constituent %%%d is not a constant", id)
		}
		copy(img[off:], sub)
	}
	p.constImg[in.id] = img
	return nil
}

// readOnly reports whether the functions only load through variable v and
// the access chains made from it. Any other use (a store, an atomic, a
// copy into it, a call, a pointer cast) counts as a write.
func (p *prep) readOnly(v uint32) bool {
	derived := map[uint32]bool{v: true}
	inFunctions := false
	for i := range p.m.insts {
		in := &p.m.insts[i]
		if in.op == spirv.OpFunction {
			inFunctions = true
		}
		if !inFunctions {
			continue
		}
		switch in.op {
		case spirv.OpLoad:
			// The pointer only: the memory operands are literals.
			continue
		case spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain:
			if len(in.args) > 0 && derived[in.args[0]] {
				derived[in.id] = true
			}
			for _, a := range in.args[1:] {
				if derived[a] {
					return false
				}
			}
			continue
		}
		for _, a := range in.args {
			if derived[a] {
				return false
			}
		}
	}
	return true
}
