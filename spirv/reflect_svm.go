package spirv

import "fmt"

// ClgoReflectionImport is clgo's own NonSemantic instruction set: the
// reflection that NonSemantic.ClspvReflection has no instruction for.
// clspv modules never import it.
const ClgoReflectionImport = "NonSemantic.clgo.1"

// ClgoReflectionSVMTablePushConstant is the set's instruction
// `SVMTablePushConstant Offset Size` (32-bit integer constants): the
// push constant where a physical module reads its SVM table's device
// address (Reflection.SVMTable, docs/physical.md §5).
const ClgoReflectionSVMTablePushConstant = 1

// emitSVMTable writes the SVM table's reflection after the others.
func (b *Builder) emitSVMTable(st *SVMTable) {
	set := b.ExtInstImport(ClgoReflectionImport)
	u32 := b.TypeInt(32, 0)
	b.Module.Trailing = append(b.Module.Trailing, &Instruction{Op: OpExtInst, ResultType: b.TypeVoid(), Result: b.NewID(),
		Operands: []uint32{uint32(set), ClgoReflectionSVMTablePushConstant,
			uint32(b.ConstantUint(u32, uint64(st.Offset))), uint32(b.ConstantUint(u32, uint64(st.Size)))}})
}

// clgoSets returns the ids of m's imports of clgo's instruction set.
func clgoSets(m *Module) map[ID]bool {
	sets := map[ID]bool{}
	for _, in := range m.ExtInstImports {
		if s, _, _ := DecodeString(in.Operands); s == ClgoReflectionImport {
			sets[in.Result] = true
		}
	}
	return sets
}

func hasClgoSet(m *Module) bool { return len(clgoSets(m)) > 0 }

// readSVMTable reads the SVMTablePushConstant instruction of m into r;
// consts are m's 32-bit integer constants.
func readSVMTable(m *Module, r *Reflection, consts map[ID]uint32) error {
	sets := clgoSets(m)
	if len(sets) == 0 {
		return nil
	}
	for _, in := range m.Trailing {
		if in.Op != OpExtInst || len(in.Operands) < 2 || !sets[ID(in.Operands[0])] {
			continue
		}
		if in.Operands[1] != ClgoReflectionSVMTablePushConstant {
			return fmt.Errorf("spirv: reflection: %s instruction %d is unknown", ClgoReflectionImport, in.Operands[1])
		}
		ops := in.Operands[2:]
		if len(ops) != 2 {
			return fmt.Errorf("spirv: reflection: SVMTablePushConstant %%%d has %d operands, want 2", in.Result, len(ops))
		}
		off, ok1 := consts[ID(ops[0])]
		size, ok2 := consts[ID(ops[1])]
		if !ok1 || !ok2 {
			return fmt.Errorf("spirv: reflection: SVMTablePushConstant %%%d: operands are not 32-bit integer constants", in.Result)
		}
		r.SVMTable = &SVMTable{Offset: off, Size: size}
	}
	return nil
}
