package spirv

import "fmt"

// The SVM table's reflection (docs/physical.md §5). clspv has no such
// instruction, so clgo writes it in an extended instruction set of its
// own, beside NonSemantic.ClspvReflection: tools that read clspv's
// reflection skip it as they skip any unknown non-semantic set.

// ClgoReflectionImport is the non-semantic set of clgo's own reflection
// instructions.
const ClgoReflectionImport = "NonSemantic.Clgo.Reflection.1"

// ClgoReflectionSVMTablePushConstant is the instruction (Offset, Size:
// 32-bit integer constants) saying that the module reads the device
// address of its SVM translation table from the push constant at Offset.
const ClgoReflectionSVMTablePushConstant = 1

// emitSVMTable writes t's instruction; c makes the 32-bit constants.
func (b *Builder) emitSVMTable(t *SVMTable, c func(uint32) ID) {
	set := b.ExtInstImport(ClgoReflectionImport)
	b.Module.Trailing = append(b.Module.Trailing, &Instruction{Op: OpExtInst, ResultType: b.TypeVoid(), Result: b.NewID(),
		Operands: []uint32{uint32(set), ClgoReflectionSVMTablePushConstant, uint32(c(t.Offset)), uint32(c(t.Size))}})
}

// readSVMTable sets r.SVMTable from m's ClgoReflectionSVMTablePushConstant,
// if it has one; consts are m's 32-bit integer constants.
func readSVMTable(m *Module, r *Reflection, consts map[ID]uint32) error {
	var set ID
	for _, in := range m.ExtInstImports {
		if s, _, _ := DecodeString(in.Operands); s == ClgoReflectionImport {
			set = in.Result
		}
	}
	if set == 0 {
		return nil
	}
	for _, in := range m.Trailing {
		if in.Op != OpExtInst || len(in.Operands) < 2 || ID(in.Operands[0]) != set || in.Operands[1] != ClgoReflectionSVMTablePushConstant {
			continue
		}
		ops := in.Operands[2:]
		if len(ops) != 2 {
			return fmt.Errorf("spirv: reflection: SVMTablePushConstant %%%d has %d operands, want 2", in.Result, len(ops))
		}
		var v [2]uint32
		for i, op := range ops {
			x, ok := consts[ID(op)]
			if !ok {
				return fmt.Errorf("spirv: reflection: SVMTablePushConstant %%%d: operand %d (%%%d) is not a 32-bit integer constant", in.Result, i, op)
			}
			v[i] = x
		}
		if v[1] != 8 {
			return fmt.Errorf("spirv: reflection: SVMTablePushConstant %%%d: size %d, want 8 (a 64-bit address)", in.Result, v[1])
		}
		if uint64(v[0])+8 > MaxPushConstantBytes {
			return fmt.Errorf("spirv: reflection: SVMTablePushConstant %%%d ends at push constant byte %d (at most %d)", in.Result, uint64(v[0])+8, MaxPushConstantBytes)
		}
		r.SVMTable = &SVMTable{Offset: v[0], Size: v[1]}
	}
	return nil
}
