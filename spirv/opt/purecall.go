package opt

import "github.com/clgo/clgo/spirv"

// readNoneFunctions returns the functions of m whose result depends on
// their arguments alone: they touch no memory but their own Function
// variables, and call only such functions. Two calls of one of them with
// the same arguments compute the same value, so LocalCSE merges them (the
// math library's exp, log and friends, called twice on one value when a
// helper such as a normal CDF is inlined at two places by the front end).
func readNoneFunctions(m *spirv.Module, glsl map[spirv.ID]bool) map[spirv.ID]bool {
	byID := make(map[spirv.ID]*spirv.Function, len(m.Functions))
	for _, fn := range m.Functions {
		byID[fn.ID] = fn
	}
	// state: 0 unknown, 1 being decided (a recursive call: not read-none),
	// 2 read-none, 3 not.
	state := make(map[spirv.ID]int, len(m.Functions))
	var decide func(id spirv.ID) bool
	decide = func(id spirv.ID) bool {
		switch state[id] {
		case 1, 3:
			return false
		case 2:
			return true
		}
		fn := byID[id]
		if fn == nil || len(fn.Blocks) == 0 {
			state[id] = 3
			return false
		}
		state[id] = 1
		ok := fnReadNone(fn, glsl, decide)
		state[id] = map[bool]int{true: 2, false: 3}[ok]
		return ok
	}
	set := map[spirv.ID]bool{}
	for _, fn := range m.Functions {
		if decide(fn.ID) {
			set[fn.ID] = true
		}
	}
	return set
}

// fnReadNone reports whether fn's body is read-none (readNoneFunctions),
// with callee deciding the functions it calls.
func fnReadNone(fn *spirv.Function, glsl map[spirv.ID]bool, callee func(spirv.ID) bool) bool {
	// Pointers into fn's own Function variables: loads and stores through
	// them are invisible outside the call.
	local := map[spirv.ID]bool{}
	for _, b := range fn.Blocks {
		for _, in := range b.Insts {
			switch in.Op {
			case spirv.OpVariable:
				if spirv.StorageClass(in.Operands[0]) != spirv.StorageClassFunction {
					return false
				}
				local[in.Result] = true
			case spirv.OpAccessChain, spirv.OpInBoundsAccessChain:
				if local[spirv.ID(in.Operands[0])] {
					local[in.Result] = true
				}
			}
		}
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Insts {
			switch in.Op {
			case spirv.OpLoad:
				if !local[spirv.ID(in.Operands[0])] || !pure(in, glsl) {
					return false
				}
				continue
			case spirv.OpStore:
				if !local[spirv.ID(in.Operands[0])] || len(in.Operands) > 2 {
					return false // through another pointer, or volatile/aligned access
				}
				continue
			case spirv.OpFunctionCall:
				if !callee(spirv.ID(in.Operands[0])) {
					return false
				}
				continue
			case spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain:
				// Only chains into fn's own variables (in local): others
				// would lead to a load or store, refused above; a pointer
				// made from a parameter and returned would escape.
				if !local[in.Result] {
					return false
				}
				continue
			case spirv.OpBranch, spirv.OpBranchConditional, spirv.OpSwitch, spirv.OpSelectionMerge, spirv.OpLoopMerge,
				spirv.OpReturn, spirv.OpReturnValue, spirv.OpUnreachable, spirv.OpLine, spirv.OpNoLine:
				continue
			}
			if !pure(in, glsl) {
				return false
			}
		}
	}
	return true
}
