package spirv

import "math"

// StaticUses returns, for each function id of m, a function that lists
// the module-level variables (global OpVariables) a function and the
// functions it calls use: what Vulkan calls the entry point's statically
// used resources, whose descriptors and push constants the pipeline
// layout must declare.
func StaticUses(m *Module) func(fn ID) []ID {
	mi := newModuleInfo()
	globals := map[ID]bool{}
	for _, in := range m.Globals {
		mi.add(in)
		if in.Op == OpVariable {
			globals[in.Result] = true
		}
	}
	funcs := map[ID]*Function{}
	for _, f := range m.Functions {
		funcs[f.ID] = f
	}
	return func(fn ID) []ID {
		seen := map[ID]bool{}
		used := map[ID]bool{}
		var out []ID
		stack := []ID{fn}
		for len(stack) > 0 {
			id := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			f := funcs[id]
			if f == nil || seen[id] {
				continue
			}
			seen[id] = true
			for _, blk := range f.Blocks {
				for _, in := range blk.Insts {
					w := &walker{in: in, bound: math.MaxUint32, ctx: mi, lenient: true, visit: func(o operand) {
						if !o.kind.IsID() || o.n != 1 {
							return
						}
						v := ID(in.Operands[o.start])
						if globals[v] && !used[v] {
							used[v] = true
							out = append(out, v)
						}
					}}
					if walk(w) != nil {
						continue
					}
					if in.Op == OpFunctionCall && len(in.Operands) > 0 {
						stack = append(stack, ID(in.Operands[0]))
					}
				}
			}
		}
		return out
	}
}
