// Package opt holds optimizer passes over spirv.Module that every driver's
// input goes through (compiler.Compile runs them unless -cl-opt-disable):
// scalar replacement of aggregates (ScalarReplace), promotion of
// function-local variables to SSA values (Mem2Reg), folding of
// extracts from composites, copies and integer constants (FoldComposites),
// member loads for aggregate loads that are only taken apart (SplitLoads),
// 64-bit integer arithmetic computed in 32 bits where only 32-bit uses
// observe it (Narrow), common-subexpression elimination over the dominator
// tree (LocalCSE) and dead-code elimination (DCE). Each pass keeps the
// module valid for Vulkan (structured control flow untouched, OpPhi at
// block starts) and changes no result bit: passes remove and forward
// values, they never re-associate or re-round arithmetic, and fold no
// floating point.
package opt

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// Run runs every pass over m, in place: scalar replacement of aggregates
// (sroa.go) and mem2reg, then folding (of constant selections too,
// branchfold.go); a second round of both where
// folding made access chains' indexes constants (an unrolled loop's
// counter times a stride) and that split a variable; then splitting of
// aggregate loads, narrowing of 64-bit arithmetic that only 32-bit uses
// observe, and CSE, then DCE to drop what they left unused. After each
// folding, constant array indexes past the end are clamped (clampidx.go).
func Run(m *spirv.Module) error {
	// The passes share one operand index: each records what it adds.
	ops := spirv.NewIDOperands(m)
	split := false
	sroa := func(m *spirv.Module, ops *spirv.IDOperands) error {
		var err error
		split, err = scalarReplace(m, ops)
		return err
	}
	// again runs pass only where the second sroa split a variable.
	again := func(pass func(*spirv.Module, *spirv.IDOperands) error) func(*spirv.Module, *spirv.IDOperands) error {
		return func(m *spirv.Module, ops *spirv.IDOperands) error {
			if !split {
				return nil
			}
			return pass(m, ops)
		}
	}
	for _, p := range []struct {
		name string
		run  func(*spirv.Module, *spirv.IDOperands) error
	}{
		{"sroa", sroa},
		{"mem2reg", mem2regModule},
		{"fold", foldComposites},
		{"clamp", clampIndexes},
		{"branches", foldBranches},
		{"sroa", sroa},
		{"mem2reg", again(mem2regModule)},
		{"fold", again(foldComposites)},
		{"clamp", again(clampIndexes)},
		{"branches", again(foldBranches)},
		{"splitloads", splitLoads},
		{"narrow", narrow64},
		{"cse", localCSE},
		{"dce", runDCE},
	} {
		if err := p.run(m, ops); err != nil {
			return fmt.Errorf("spirv/opt: %s: %v", p.name, err)
		}
	}
	return nil
}

// valueCount is how many values the passes index in m: the globals and
// the instructions of the functions they work on (all, with optimized
// ones too). Maps made with it as their size do not rehash as they fill.
func valueCount(m *spirv.Module, optimized bool) int {
	n := len(m.Globals)
	for _, fn := range m.Functions {
		if optimized || !fn.Optimized {
			n += fnSize(fn)
		}
	}
	return n
}

// fnSize is the number of fn's parameters and instructions.
func fnSize(fn *spirv.Function) int {
	n := len(fn.Params)
	for _, b := range fn.Blocks {
		n += len(b.Insts)
	}
	return n
}

// forEachInst calls f for every instruction of fn: parameters, then the
// blocks' instructions in order.
func forEachInst(fn *spirv.Function, f func(*spirv.Instruction)) {
	for _, p := range fn.Params {
		f(p)
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Insts {
			f(in)
		}
	}
}

// replaceUses rewrites, in every instruction of fn, id operands found in
// repl to their replacement, following chains (a -> b -> c).
func replaceUses(ops *spirv.IDOperands, fn *spirv.Function, repl map[spirv.ID]spirv.ID) error {
	if len(repl) == 0 {
		return nil
	}
	var err error
	forEachInst(fn, func(in *spirv.Instruction) {
		if e := ops.Visit(in, func(i int) {
			in.Operands[i] = uint32(resolve(repl, spirv.ID(in.Operands[i])))
		}); e != nil && err == nil {
			err = fmt.Errorf("%v %%%d: %v", in.Op, in.Result, e)
		}
	})
	return err
}

// resolve follows id through repl to its final replacement.
func resolve(repl map[spirv.ID]spirv.ID, id spirv.ID) spirv.ID {
	for n := 0; n < 1000; n++ {
		r, ok := repl[id]
		if !ok {
			return id
		}
		id = r
	}
	panic("spirv/opt: replacement cycle")
}

// dropDebug removes the OpName, OpMemberName and decorations of removed
// ids, which would otherwise name ids that no longer exist.
func dropDebug(m *spirv.Module, removed map[spirv.ID]bool) {
	if len(removed) == 0 {
		return
	}
	keep := func(list []*spirv.Instruction) []*spirv.Instruction {
		out := list[:0]
		for _, in := range list {
			if len(in.Operands) > 0 && in.Result == 0 && removed[spirv.ID(in.Operands[0])] {
				continue
			}
			out = append(out, in)
		}
		return out
	}
	m.Names = keep(m.Names)
	m.Annotations = keep(m.Annotations)
}

// undefs hands out one OpUndef per type, adding them to m's globals with
// fresh ids where the module has none.
type undefs struct {
	m      *spirv.Module
	ops    *spirv.IDOperands
	byType map[spirv.ID]spirv.ID
}

func newUndefs(m *spirv.Module, ops *spirv.IDOperands) *undefs {
	u := &undefs{m: m, ops: ops, byType: map[spirv.ID]spirv.ID{}}
	for _, in := range m.Globals {
		if in.Op == spirv.OpUndef {
			if _, ok := u.byType[in.ResultType]; !ok {
				u.byType[in.ResultType] = in.Result
			}
		}
	}
	return u
}

// of returns the OpUndef of type t.
func (u *undefs) of(t spirv.ID) spirv.ID {
	if id, ok := u.byType[t]; ok {
		return id
	}
	in := &spirv.Instruction{Op: spirv.OpUndef, ResultType: t, Result: newID(u.m)}
	u.m.Globals = append(u.m.Globals, in)
	u.ops.Add(in)
	u.byType[t] = in.Result
	return in.Result
}

// fixBound raises m.Bound above every result id, so newID can count up.
func fixBound(m *spirv.Module) {
	m.Walk(func(in *spirv.Instruction) {
		if uint32(in.Result) >= m.Bound {
			m.Bound = uint32(in.Result) + 1
		}
	})
}

// newID allocates a fresh id in m; fixBound must have run.
func newID(m *spirv.Module) spirv.ID {
	id := spirv.ID(m.Bound)
	m.Bound++
	return id
}
