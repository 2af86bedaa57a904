package opt

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// FoldComposites forwards values through composites and copies:
// OpCompositeExtract of an OpCompositeConstruct, OpCompositeInsert or
// OpConstantComposite reads the constituent it names, OpCopyObject's
// uses read its operand, and OpSelect on a constant condition is the
// operand it picks. Integer arithmetic on scalar constants becomes a
// constant (foldInt). The folded instructions are left for DCE.
func FoldComposites(m *spirv.Module) error { return foldComposites(m, spirv.NewIDOperands(m)) }

func foldComposites(m *spirv.Module, ops *spirv.IDOperands) error {
	fixBound(m)
	f := &folder{m: m, ops: ops, defs: make(map[spirv.ID]*spirv.Instruction, valueCount(m, false)), consts: map[string]spirv.ID{}}
	for _, in := range m.Globals {
		if in.Result != 0 {
			f.defs[in.Result] = in
		}
		if in.Op == spirv.OpConstant || in.Op == spirv.OpConstantTrue || in.Op == spirv.OpConstantFalse {
			f.consts[constKey(in.Op, in.ResultType, in.Operands)] = in.Result
		}
	}
	for _, fn := range m.Functions {
		if fn.Optimized {
			continue
		}
		repl := map[spirv.ID]spirv.ID{}
		for _, b := range fn.Blocks {
			for _, in := range b.Insts {
				// Blocks come before the blocks they dominate, so operands
				// were folded before their users.
				if err := f.ops.Visit(in, func(i int) {
					in.Operands[i] = uint32(resolve(repl, spirv.ID(in.Operands[i])))
				}); err != nil {
					return fmt.Errorf("%v %%%d: %v", in.Op, in.Result, err)
				}
				if in.Result != 0 {
					f.defs[in.Result] = in
				}
				if v := f.fold(in); v != 0 {
					repl[in.Result] = v
				}
			}
		}
		// Phis name values of blocks that come later.
		if err := replaceUses(f.ops, fn, repl); err != nil {
			return err
		}
	}
	return nil
}

type folder struct {
	m      *spirv.Module
	ops    *spirv.IDOperands
	defs   map[spirv.ID]*spirv.Instruction
	consts map[string]spirv.ID
}

// fold returns the value that in's result equals, or 0.
func (f *folder) fold(in *spirv.Instruction) spirv.ID {
	switch in.Op {
	case spirv.OpCopyObject:
		return spirv.ID(in.Operands[0])
	case spirv.OpCompositeExtract:
		return f.extract(in, spirv.ID(in.Operands[0]), in.Operands[1:])
	case spirv.OpSelect:
		// A constant scalar condition picks its operand (a vector
		// condition picks per component).
		if c := f.defs[spirv.ID(in.Operands[0])]; c != nil {
			switch c.Op {
			case spirv.OpConstantTrue:
				return spirv.ID(in.Operands[1])
			case spirv.OpConstantFalse:
				return spirv.ID(in.Operands[2])
			}
		}
		return 0
	}
	return f.foldInt(in)
}

// extract finds the value at indexes of composite c, rewriting in to a
// shorter extract where the path leads into a constituent it cannot name.
func (f *folder) extract(in *spirv.Instruction, c spirv.ID, indexes []uint32) spirv.ID {
	for n := 0; n < 64; n++ {
		if len(indexes) == 0 {
			return c
		}
		d := f.defs[c]
		if d == nil {
			return 0
		}
		switch d.Op {
		case spirv.OpCompositeInsert:
			// OpCompositeInsert %obj %composite indexes...
			ins := d.Operands[2:]
			k := 0
			for k < len(ins) && k < len(indexes) && ins[k] == indexes[k] {
				k++
			}
			switch {
			case k == len(ins):
				// The path runs through the inserted object.
				c, indexes = spirv.ID(d.Operands[0]), indexes[k:]
			case k < len(indexes):
				// The paths part: the insert leaves this part alone.
				c = spirv.ID(d.Operands[1])
			default:
				return f.rewrite(in, c, indexes)
			}
		case spirv.OpCompositeConstruct:
			t := f.defs[d.ResultType]
			if t == nil {
				return f.rewrite(in, c, indexes)
			}
			if t.Op != spirv.OpTypeVector {
				// Structs, arrays, matrices: one operand per member.
				if int(indexes[0]) >= len(d.Operands) {
					return 0
				}
				c, indexes = spirv.ID(d.Operands[indexes[0]]), indexes[1:]
				continue
			}
			// A vector is built from scalars and vectors.
			at := indexes[0]
			found := false
			for _, op := range d.Operands {
				w := f.components(spirv.ID(op))
				if w == 0 {
					return f.rewrite(in, c, indexes)
				}
				if at < w {
					if f.isVector(spirv.ID(op)) {
						c, indexes = spirv.ID(op), append([]uint32{at}, indexes[1:]...)
					} else {
						c, indexes = spirv.ID(op), indexes[1:]
					}
					found = true
					break
				}
				at -= w
			}
			if !found {
				return 0
			}
		case spirv.OpConstantComposite:
			if int(indexes[0]) >= len(d.Operands) {
				return 0
			}
			c, indexes = spirv.ID(d.Operands[indexes[0]]), indexes[1:]
		default:
			return f.rewrite(in, c, indexes)
		}
	}
	return 0
}

// rewrite makes in an extract of indexes from c where that differs from
// what it was, and returns 0: the instruction stays.
func (f *folder) rewrite(in *spirv.Instruction, c spirv.ID, indexes []uint32) spirv.ID {
	if c != spirv.ID(in.Operands[0]) {
		in.Operands = append([]uint32{uint32(c)}, indexes...)
	}
	return 0
}

// components returns how many scalar components value v has: 1 for a
// scalar, n for an n-vector, 0 where its type is unknown.
func (f *folder) components(v spirv.ID) uint32 {
	d := f.defs[v]
	if d == nil || d.ResultType == 0 {
		return 0
	}
	t := f.defs[d.ResultType]
	if t == nil {
		return 0
	}
	switch t.Op {
	case spirv.OpTypeVector:
		return t.Operands[1]
	case spirv.OpTypeInt, spirv.OpTypeFloat, spirv.OpTypeBool:
		return 1
	}
	return 0
}

func (f *folder) isVector(v spirv.ID) bool {
	d := f.defs[v]
	return d != nil && f.defs[d.ResultType] != nil && f.defs[d.ResultType].Op == spirv.OpTypeVector
}
