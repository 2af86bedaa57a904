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

// readClgoReflection reads the instructions of clgo's set in m into r
// (the SVM table, push-constant buffers); consts are m's 32-bit integer
// constants, kernels the Kernel instructions' indices in r.Kernels.
func readClgoReflection(m *Module, r *Reflection, consts map[ID]uint32, kernels map[ID]int) error {
	sets := clgoSets(m)
	if len(sets) == 0 {
		return nil
	}
	for _, in := range m.Trailing {
		if in.Op != OpExtInst || len(in.Operands) < 2 || !sets[ID(in.Operands[0])] {
			continue
		}
		ops := in.Operands[2:]
		switch in.Operands[1] {
		case ClgoReflectionSVMTablePushConstant:
			if len(ops) != 2 {
				return fmt.Errorf("spirv: reflection: SVMTablePushConstant %%%d has %d operands, want 2", in.Result, len(ops))
			}
			off, ok1 := consts[ID(ops[0])]
			size, ok2 := consts[ID(ops[1])]
			if !ok1 || !ok2 {
				return fmt.Errorf("spirv: reflection: SVMTablePushConstant %%%d: operands are not 32-bit integer constants", in.Result)
			}
			r.SVMTable = &SVMTable{Offset: off, Size: size}
		case ClgoReflectionPushConstantBuffer:
			if len(ops) != 3 {
				return fmt.Errorf("spirv: reflection: PushConstantBuffer %%%d has %d operands, want 3", in.Result, len(ops))
			}
			k, ok := kernels[ID(ops[0])]
			if !ok {
				return fmt.Errorf("spirv: reflection: PushConstantBuffer %%%d: operand 0 (%%%d) is not a Kernel instruction", in.Result, ops[0])
			}
			set, ok1 := consts[ID(ops[1])]
			binding, ok2 := consts[ID(ops[2])]
			if !ok1 || !ok2 {
				return fmt.Errorf("spirv: reflection: PushConstantBuffer %%%d: operands are not 32-bit integer constants", in.Result)
			}
			r.Kernels[k].PushConstantBuffer = &DescriptorBinding{DescriptorSet: set, Binding: binding}
		default:
			return fmt.Errorf("spirv: reflection: %s instruction %d is unknown", ClgoReflectionImport, in.Operands[1])
		}
	}
	return nil
}
