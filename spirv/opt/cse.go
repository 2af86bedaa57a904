package opt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// LocalCSE replaces a pure instruction by an identical one (same opcode,
// result type and operands) that dominates it, walking the dominator tree
// with a scoped table. Loads are merged only from Input and PushConstant
// memory, which nothing writes during a dispatch (other memory may change
// between two loads); phis, variables, and instructions that carry
// decorations (NoContraction, RelaxedPrecision) that would be lost or
// gained are never merged. Calls merge when the callee is read-none
// (purecall.go): the same arguments give the same result.
func LocalCSE(m *spirv.Module) error { return localCSE(m, spirv.NewIDOperands(m)) }

func localCSE(m *spirv.Module, ops *spirv.IDOperands) error {
	glsl := glslImports(m)
	typeOf := make(map[spirv.ID]spirv.ID, valueCount(m, false))
	types := make(map[spirv.ID]*spirv.Instruction, len(m.Globals))
	for _, in := range m.Globals {
		typeOf[in.Result] = in.ResultType
		types[in.Result] = in
	}
	for _, fn := range m.Functions {
		if !fn.Optimized {
			forEachInst(fn, func(in *spirv.Instruction) { typeOf[in.Result] = in.ResultType })
		}
	}
	// readOnly reports whether a load reads memory no invocation writes.
	readOnly := func(in *spirv.Instruction) bool {
		t := types[typeOf[spirv.ID(in.Operands[0])]]
		if t == nil || t.Op != spirv.OpTypePointer || !loadIsPlain(in) {
			return false
		}
		sc := spirv.StorageClass(t.Operands[0])
		return sc == spirv.StorageClassInput || sc == spirv.StorageClassPushConstant
	}
	readNone := readNoneFunctions(m, glsl)
	decorated := map[spirv.ID]bool{}
	for _, in := range m.Annotations {
		if len(in.Operands) > 0 {
			decorated[spirv.ID(in.Operands[0])] = true
		}
	}
	for _, fn := range m.Functions {
		if len(fn.Blocks) == 0 || fn.Optimized {
			continue
		}
		c := newCFG(fn, ops)
		repl := map[spirv.ID]spirv.ID{}
		table := map[string]spirv.ID{}
		var err error
		var walk func(b int)
		walk = func(b int) {
			var added []string
			for _, in := range fn.Blocks[b].Insts {
				if e := ops.Visit(in, func(i int) {
					in.Operands[i] = uint32(resolve(repl, spirv.ID(in.Operands[i])))
				}); e != nil && err == nil {
					err = fmt.Errorf("%v %%%d: %v", in.Op, in.Result, e)
				}
				call := in.Op == spirv.OpFunctionCall && readNone[spirv.ID(in.Operands[0])]
				if !(cseable(in, glsl) || in.Op == spirv.OpLoad && readOnly(in) || call) || decorated[in.Result] {
					continue
				}
				k := cseKey(in)
				if prev, ok := table[k]; ok {
					repl[in.Result] = prev
					continue
				}
				table[k] = in.Result
				added = append(added, k)
			}
			for _, kid := range c.kids[b] {
				walk(kid)
			}
			for _, k := range added {
				delete(table, k)
			}
		}
		walk(0)
		if err != nil {
			return err
		}
		// Phis and unreachable blocks may name values replaced later.
		if err := replaceUses(ops, fn, repl); err != nil {
			return err
		}
	}
	return nil
}

func cseable(in *spirv.Instruction, glsl map[spirv.ID]bool) bool {
	if in.Result == 0 || !pure(in, glsl) {
		return false
	}
	switch in.Op {
	case spirv.OpLoad, spirv.OpPhi, spirv.OpVariable, spirv.OpUndef:
		return false
	}
	return true
}

func cseKey(in *spirv.Instruction) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(int(in.Op)) + ":" + strconv.Itoa(int(in.ResultType)))
	for _, w := range in.Operands {
		sb.WriteString("," + strconv.FormatUint(uint64(w), 10))
	}
	return sb.String()
}
