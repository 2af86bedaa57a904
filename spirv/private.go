package spirv

import "math"

// PrivateBytes returns, by function id, the bytes of the Function
// variables of function fn and of the functions it calls, plus the
// module's Private variables: an upper bound of one work-item's private
// memory (CL_KERNEL_PRIVATE_MEM_SIZE). Drivers refuse kernels whose private
// arrays they cannot hold: lavapipe aborts the process on a 1 GiB one.
// Variables whose size is not known (spec-constant lengths) count as zero.
func PrivateBytes(m *Module) func(fn ID) uint64 {
	mi := newModuleInfo()
	consts := map[ID]uint64{}
	var global uint64
	varBytes := func(in *Instruction) uint64 {
		pt := mi.typeDecl(in.ResultType)
		if pt == nil || pt.Op != OpTypePointer || len(pt.Operands) != 2 {
			return 0
		}
		n, _ := typeBytes(mi, consts, ID(pt.Operands[1]), 0)
		return n
	}
	for _, in := range m.Globals {
		mi.add(in)
		switch in.Op {
		case OpConstant:
			if len(in.Operands) > 0 {
				consts[in.Result] = uint64(in.Operands[0])
			}
		case OpVariable:
			if len(in.Operands) > 0 && StorageClass(in.Operands[0]) == StorageClassPrivate {
				global = min(global+varBytes(in), math.MaxUint64/2)
			}
		}
	}
	funcs := map[ID]*Function{}
	for _, f := range m.Functions {
		funcs[f.ID] = f
	}
	return func(fn ID) uint64 {
		seen := map[ID]bool{}
		total := global
		var visit func(id ID)
		visit = func(id ID) {
			f := funcs[id]
			if f == nil || seen[id] {
				return
			}
			seen[id] = true
			for _, blk := range f.Blocks {
				for _, in := range blk.Insts {
					switch {
					case in.Op == OpVariable && len(in.Operands) > 0 && StorageClass(in.Operands[0]) == StorageClassFunction:
						total = min(total+varBytes(in), math.MaxUint64/2)
					case in.Op == OpFunctionCall && len(in.Operands) > 0:
						visit(ID(in.Operands[0]))
					}
				}
			}
		}
		visit(fn)
		return total
	}
}
