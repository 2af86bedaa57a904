package spirv

// Aliased storage buffers.
//
// SPIR-V lets a consumer assume that two memory object declarations (two
// StorageBuffer variables at different bindings) do not alias unless both
// are decorated Aliased (the specification's "Aliasing" section of its
// memory model). OpenCL C makes no such promise: one cl_mem, or two
// overlapping sub-buffers, may be passed as two kernel arguments, one
// written and one read, and a load through the one after a store through
// the other must see the store. A runtime that binds overlapping memory to
// two variables runs a variant of the module rewritten by MarkAliased.

// MarkAliased decorates Aliased every StorageBuffer variable of m whose
// (DescriptorSet, Binding) is in at, and removes their NonWritable
// decorations: NonWritable says only that this module does not write the
// variable, but a consumer may take it (with no Aliased partner in mind)
// as "the memory does not change while the shader runs" and reorder or
// combine the variable's loads across stores through another binding
// (Mesa's nir_opt_access marks such loads reorderable). NonWritable on the
// members of their Block types (glslang's readonly buffers) goes too, for
// every variable of those types. It returns the ids of the variables it
// changed, in module order.
func MarkAliased(m *Module, at map[[2]uint32]bool) []ID {
	type loc struct {
		set, binding uint32
		hasSet, has  bool
	}
	where := map[ID]*loc{}
	aliased := map[ID]bool{}
	for _, in := range m.Annotations {
		if in.Op != OpDecorate || len(in.Operands) < 2 {
			continue
		}
		id := ID(in.Operands[0])
		switch Decoration(in.Operands[1]) {
		case DecorationDescriptorSet, DecorationBinding:
			if len(in.Operands) < 3 {
				continue
			}
			l := where[id]
			if l == nil {
				l = &loc{}
				where[id] = l
			}
			if Decoration(in.Operands[1]) == DecorationDescriptorSet {
				l.set, l.hasSet = in.Operands[2], true
			} else {
				l.binding, l.has = in.Operands[2], true
			}
		case DecorationAliased:
			aliased[id] = true
		}
	}
	var changed []ID
	marked := map[ID]bool{} // the variables
	blocks := map[ID]bool{} // their Block types
	pointee := map[ID]ID{}  // pointer type -> pointee
	for _, in := range m.Globals {
		if in.Op == OpTypePointer && len(in.Operands) == 2 {
			pointee[in.Result] = ID(in.Operands[1])
		}
		if in.Op != OpVariable || len(in.Operands) == 0 || StorageClass(in.Operands[0]) != StorageClassStorageBuffer {
			continue
		}
		l := where[in.Result]
		if l == nil || !l.hasSet || !l.has || !at[[2]uint32{l.set, l.binding}] {
			continue
		}
		marked[in.Result] = true
		blocks[pointee[in.ResultType]] = true
		changed = append(changed, in.Result)
	}
	if len(changed) == 0 {
		return nil
	}
	annotations := m.Annotations[:0]
	for _, in := range m.Annotations {
		if in.Op == OpDecorate && len(in.Operands) >= 2 && marked[ID(in.Operands[0])] && Decoration(in.Operands[1]) == DecorationNonWritable {
			continue
		}
		if in.Op == OpMemberDecorate && len(in.Operands) >= 3 && blocks[ID(in.Operands[0])] && Decoration(in.Operands[2]) == DecorationNonWritable {
			continue
		}
		annotations = append(annotations, in)
	}
	for _, id := range changed {
		if !aliased[id] {
			annotations = append(annotations, &Instruction{Op: OpDecorate, Operands: []uint32{uint32(id), uint32(DecorationAliased)}})
		}
	}
	m.Annotations = annotations
	return changed
}
