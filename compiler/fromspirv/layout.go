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
