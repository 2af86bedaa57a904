package fromspirv

import "github.com/clgo/clgo/spirv"

// layout returns the size and alignment in bytes of type id as OpenCL C
// lays it out (3-component vectors as 4, packed structs at alignment 1).
func (t *translator) layout(id spirv.ID) (size, align uint64, ok bool) {
	d := t.def[id]
	if d == nil {
		return 0, 0, false
	}
	switch d.Op {
	case spirv.OpTypeInt, spirv.OpTypeFloat:
		n := uint64(d.Operands[0] / 8)
		return n, n, true
	case spirv.OpTypeBool:
		return 1, 1, true
	case spirv.OpTypePointer:
		if t.addr64 {
			return 8, 8, true
		}
		return 4, 4, true
	case spirv.OpTypeVector:
		es, _, ok := t.layout(spirv.ID(d.Operands[0]))
		n := uint64(d.Operands[1])
		if n == 3 {
			n = 4
		}
		return es * n, es * n, ok
	case spirv.OpTypeArray:
		es, ea, ok := t.layout(spirv.ID(d.Operands[0]))
		n, ok2 := t.constUint(spirv.ID(d.Operands[1]))
		return es * n, ea, ok && ok2
	case spirv.OpTypeStruct:
		_, packed := t.deco(id, spirv.DecorationCPacked)
		var off, maxAlign uint64 = 0, 1
		for _, m := range d.Operands {
			s, a, ok := t.layout(spirv.ID(m))
			if !ok {
				return 0, 0, false
			}
			if packed {
				a = 1
			}
			off = (off + a - 1) / a * a
			off += s
			maxAlign = max(maxAlign, a)
		}
		return (off + maxAlign - 1) / maxAlign * maxAlign, maxAlign, true
	}
	return 0, 0, false
}

// memberOffset is the byte offset of member i of struct type id.
func (t *translator) memberOffset(id spirv.ID, i int) (uint64, bool) {
	d := t.def[id]
	_, packed := t.deco(id, spirv.DecorationCPacked)
	var off uint64
	for k, m := range d.Operands {
		s, a, ok := t.layout(spirv.ID(m))
		if !ok {
			return 0, false
		}
		if packed {
			a = 1
		}
		off = (off + a - 1) / a * a
		if k == i {
			return off, true
		}
		off += s
	}
	return 0, false
}

// nullOffset works out the address an access chain with constant indices
// computes from a null base: the byte offset of the element.
func (t *translator) nullOffset(op *spirv.Instruction) (uint64, bool) {
	d := t.def[spirv.ID(op.Operands[0])]
	_, ty, ok := t.pointee(d.ResultType)
	if !ok {
		return 0, false
	}
	idx := op.Operands[1:]
	off := uint64(0)
	if op.Op == spirv.OpPtrAccessChain || op.Op == spirv.OpInBoundsPtrAccessChain {
		if len(idx) == 0 {
			return 0, false
		}
		v, ok := t.constUint(spirv.ID(idx[0]))
		size, _, ok2 := t.layout(ty)
		if !ok || !ok2 {
			return 0, false
		}
		off += v * size
		idx = idx[1:]
	}
	for _, w := range idx {
		dt := t.def[ty]
		v, ok := t.constUint(spirv.ID(w))
		if dt == nil || !ok {
			return 0, false
		}
		switch dt.Op {
		case spirv.OpTypeStruct:
			if int(v) >= len(dt.Operands) {
				return 0, false
			}
			m, ok := t.memberOffset(ty, int(v))
			if !ok {
				return 0, false
			}
			off += m
			ty = spirv.ID(dt.Operands[v])
		case spirv.OpTypeArray, spirv.OpTypeVector:
			ty = spirv.ID(dt.Operands[0])
			size, _, ok := t.layout(ty)
			if !ok {
				return 0, false
			}
			off += v * size
		default:
			return 0, false
		}
	}
	return off, true
}

// checkLayout refuses Offset and ArrayStride decorations that differ from
// the layout OpenCL C gives the types (the translation cannot honour
// them); those that agree are redundant.
func (t *translator) checkLayout() error {
	for _, in := range t.m.Annotations {
		switch {
		case in.Op == spirv.OpMemberDecorate && len(in.Operands) >= 4 && spirv.Decoration(in.Operands[2]) == spirv.DecorationOffset:
			s := spirv.ID(in.Operands[0])
			d := t.def[s]
			if d == nil || d.Op != spirv.OpTypeStruct || int(in.Operands[1]) >= len(d.Operands) {
				return t.errAt(in, "Offset of a member of %%%d, which is not a struct", s)
			}
			off, ok := t.memberOffset(s, int(in.Operands[1]))
			if ok && off != uint64(in.Operands[3]) {
				return t.errAt(in, "member %d of %%%d is at offset %d, not %d as in OpenCL C", in.Operands[1], s, in.Operands[3], off)
			}
		case in.Op == spirv.OpDecorate && len(in.Operands) >= 3 && spirv.Decoration(in.Operands[1]) == spirv.DecorationArrayStride:
			id := spirv.ID(in.Operands[0])
			d := t.def[id]
			if d == nil {
				continue
			}
			var elem spirv.ID
			switch d.Op {
			case spirv.OpTypeArray, spirv.OpTypeRuntimeArray:
				elem = spirv.ID(d.Operands[0])
			case spirv.OpTypePointer:
				elem = spirv.ID(d.Operands[1])
			default:
				return t.errAt(in, "ArrayStride of %%%d, which is not an array or pointer type", id)
			}
			size, _, ok := t.layout(elem)
			if ok && size != uint64(in.Operands[2]) {
				return t.errAt(in, "array stride %d of %%%d differs from the element size %d of OpenCL C", in.Operands[2], id, size)
			}
		}
	}
	return nil
}
