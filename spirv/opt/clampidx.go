package opt

import "github.com/clgo/clgo/spirv"

// clampIndexes rewrites the constant array indexes of access chains that
// lie past the array's end to the last element's. Folding makes indexes
// constant that were not: a fully unrolled loop's copy of
// `if (k > 0) s += g[k - 1];` for k = 0 folds k - 1 to -1, in code the
// copy's own condition skips. An access chain with a constant index out
// of bounds is invalid SPIR-V, while the access is undefined behaviour
// only where it runs: there any element will do, and the index stays a
// constant for scalar replacement.
func clampIndexes(m *spirv.Module, ops *spirv.IDOperands) error {
	defs := map[spirv.ID]*spirv.Instruction{}
	for _, g := range m.Globals {
		if g.Result != 0 {
			defs[g.Result] = g
		}
	}
	consts := map[[2]uint32]spirv.ID{}
	constant := func(t spirv.ID, words []uint32) spirv.ID {
		k := [2]uint32{uint32(t), words[0]}
		if id, ok := consts[k]; ok {
			return id
		}
		in := &spirv.Instruction{Op: spirv.OpConstant, ResultType: t, Result: newID(m), Operands: words}
		m.Globals = append(m.Globals, in)
		ops.Add(in)
		defs[in.Result] = in
		consts[k] = in.Result
		return in.Result
	}
	for _, fn := range m.Functions {
		if fn.Optimized {
			continue
		}
		typ := map[spirv.ID]spirv.ID{}
		forEachInst(fn, func(in *spirv.Instruction) {
			if in.Result != 0 {
				typ[in.Result] = in.ResultType
			}
		})
		forEachInst(fn, func(in *spirv.Instruction) {
			if in.Op != spirv.OpAccessChain && in.Op != spirv.OpInBoundsAccessChain || len(in.Operands) < 2 {
				return
			}
			base := spirv.ID(in.Operands[0])
			pt := typ[base]
			if g := defs[base]; g != nil {
				pt = g.ResultType
			}
			p := defs[pt]
			if p == nil || p.Op != spirv.OpTypePointer {
				return
			}
			cur := spirv.ID(p.Operands[1])
			for i := 1; i < len(in.Operands); i++ {
				t := defs[cur]
				if t == nil {
					return
				}
				c := defs[spirv.ID(in.Operands[i])]
				isConst := c != nil && c.Op == spirv.OpConstant && len(c.Operands) >= 1 && len(c.Operands) <= 2
				switch t.Op {
				case spirv.OpTypeArray:
					n := defs[spirv.ID(t.Operands[1])]
					if isConst && n != nil && n.Op == spirv.OpConstant && len(n.Operands) == 1 && n.Operands[0] > 0 {
						hi := len(c.Operands) == 2 && c.Operands[1] != 0
						if hi || c.Operands[0] >= n.Operands[0] {
							words := []uint32{n.Operands[0] - 1}
							if len(c.Operands) == 2 {
								words = append(words, 0)
							}
							in.Operands[i] = uint32(constant(c.ResultType, words))
						}
					}
					cur = spirv.ID(t.Operands[0])
				case spirv.OpTypeRuntimeArray, spirv.OpTypeVector, spirv.OpTypeMatrix:
					cur = spirv.ID(t.Operands[0])
				case spirv.OpTypeStruct:
					if !isConst || int(c.Operands[0])+1 >= len(t.Operands) {
						return
					}
					cur = spirv.ID(t.Operands[1+c.Operands[0]])
				default:
					return
				}
			}
		})
	}
	return nil
}
