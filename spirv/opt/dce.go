package opt

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// DCE removes what nothing observable uses: pure instructions whose results
// are unused (phi cycles included), unused results of calls to read-none
// functions (purecall.go), Function variables that are only stored
// to, functions no entry point reaches, and unused types, constants and
// Private/Workgroup variables. It marks from the roots (entry points,
// instructions with effects, reflection, decorated globals) and sweeps the
// rest, so chains of dead values go in one run.
func DCE(m *spirv.Module) error { return runDCE(m, spirv.NewIDOperands(m)) }

func runDCE(m *spirv.Module, ops *spirv.IDOperands) error {
	removed := map[spirv.ID]bool{}
	for _, fn := range m.Functions {
		if fn.Optimized {
			continue
		}
		if err := dropStoreOnlyVars(ops, fn, removed); err != nil {
			return err
		}
	}
	d := &dce{
		m: m, ops: ops, live: make(map[spirv.ID]bool, valueCount(m, true)),
		defFn: map[spirv.ID]*spirv.Function{}, globals: make(map[spirv.ID]bool, len(m.Globals)),
	}
	for _, fn := range m.Functions {
		d.defFn[fn.ID] = fn
	}
	d.glsl = glslImports(m)
	d.readNone = readNoneFunctions(m, d.glsl)
	for _, in := range m.Globals {
		if in.Result != 0 {
			d.globals[in.Result] = true
		}
	}
	if err := d.mark(); err != nil {
		return err
	}
	d.sweep(removed)
	dropDebug(m, removed)
	dropInt64(m)
	return nil
}

type dce struct {
	m       *spirv.Module
	ops     *spirv.IDOperands
	live    map[spirv.ID]bool
	work    []spirv.ID
	defFn   map[spirv.ID]*spirv.Function
	globals map[spirv.ID]bool
	glsl    map[spirv.ID]bool
	// readNone: calls of these functions go when their results are unused.
	readNone map[spirv.ID]bool
	defs     map[spirv.ID]*spirv.Instruction
	err      error
}

// use marks the ids in's result type and id operands use.
func (d *dce) use(in *spirv.Instruction) {
	if in.ResultType != 0 {
		d.markID(in.ResultType)
	}
	if err := d.ops.Visit(in, func(i int) { d.markID(spirv.ID(in.Operands[i])) }); err != nil && d.err == nil {
		d.err = fmt.Errorf("%v %%%d: %v", in.Op, in.Result, err)
	}
}

func (d *dce) markID(id spirv.ID) {
	if !d.live[id] {
		d.live[id] = true
		d.work = append(d.work, id)
	}
}

func (d *dce) mark() error {
	m := d.m
	d.defs = make(map[spirv.ID]*spirv.Instruction, valueCount(m, false))
	for _, in := range m.Globals {
		if in.Result != 0 {
			d.defs[in.Result] = in
		}
	}
	for _, fn := range m.Functions {
		if fn.Optimized {
			continue // liveFunction marks all of it
		}
		forEachInst(fn, func(in *spirv.Instruction) {
			if in.Result != 0 {
				d.defs[in.Result] = in
			}
		})
	}
	for _, sec := range [][]*spirv.Instruction{m.EntryPoints, m.ExecutionModes, m.Trailing} {
		for _, in := range sec {
			d.use(in)
		}
	}
	for _, in := range m.Annotations {
		switch in.Op {
		case spirv.OpDecorate, spirv.OpDecorateString, spirv.OpMemberDecorate, spirv.OpMemberDecorateString:
			// A decorated global (a Block struct, a builtin, a spec
			// constant's SpecId) stays: its decoration is its use.
			if t := spirv.ID(in.Operands[0]); d.globals[t] {
				d.markID(t)
			}
			// Builtins stay, and so do functions exported for linking,
			// which no entry point of this module calls.
			if in.Op == spirv.OpDecorate && len(in.Operands) >= 2 {
				switch spirv.Decoration(in.Operands[1]) {
				case spirv.DecorationBuiltIn, spirv.DecorationLinkageAttributes:
					d.markID(spirv.ID(in.Operands[0]))
				}
			}
		default:
			d.use(in)
		}
	}
	for _, in := range m.Globals {
		if in.Result == 0 || !removableGlobal(in) {
			d.use(in)
			if in.Result != 0 {
				d.markID(in.Result)
			}
		}
	}
	for len(d.work) > 0 {
		id := d.work[len(d.work)-1]
		d.work = d.work[:len(d.work)-1]
		if fn := d.defFn[id]; fn != nil {
			d.liveFunction(fn)
			continue
		}
		if in := d.defs[id]; in != nil {
			d.use(in)
		}
	}
	return d.err
}

// liveFunction marks what a reached function needs: its signature and
// every instruction with an effect (which marks the values it uses).
func (d *dce) liveFunction(fn *spirv.Function) {
	d.markID(fn.ResultType)
	d.markID(fn.Type)
	for _, p := range fn.Params {
		d.markID(p.Result)
	}
	for _, b := range fn.Blocks {
		d.markID(b.Label)
		for _, in := range b.Insts {
			if fn.Optimized {
				// Nothing in it is dead: only what it uses outside
				// itself matters.
				d.use(in)
				continue
			}
			if in.Result == 0 || !d.removable(in) {
				d.use(in)
				if in.Result != 0 {
					d.markID(in.Result)
				}
			}
		}
	}
}

func (d *dce) sweep(removed map[spirv.ID]bool) {
	m := d.m
	fns := m.Functions[:0]
	for _, fn := range m.Functions {
		if !d.live[fn.ID] {
			removed[fn.ID] = true
			forEachInst(fn, func(in *spirv.Instruction) {
				if in.Result != 0 {
					removed[in.Result] = true
				}
			})
			continue
		}
		if fn.Optimized {
			fns = append(fns, fn)
			continue
		}
		for _, b := range fn.Blocks {
			insts := b.Insts[:0]
			for _, in := range b.Insts {
				if in.Result != 0 && d.removable(in) && !d.live[in.Result] {
					removed[in.Result] = true
					continue
				}
				insts = append(insts, in)
			}
			b.Insts = insts
		}
		fns = append(fns, fn)
	}
	m.Functions = fns
	globals := m.Globals[:0]
	for _, in := range m.Globals {
		if in.Result != 0 && removableGlobal(in) && !d.live[in.Result] {
			removed[in.Result] = true
			continue
		}
		globals = append(globals, in)
	}
	m.Globals = globals
}

// removable reports whether in, an instruction with a result, may go
// when nothing uses its result.
func (d *dce) removable(in *spirv.Instruction) bool {
	return pure(in, d.glsl) || in.Op == spirv.OpFunctionCall && d.readNone[spirv.ID(in.Operands[0])]
}

// removableGlobal reports whether an unused global may go: types,
// constants that are not specialization constants, OpUndef and module
// variables no one outside the module can see.
func removableGlobal(in *spirv.Instruction) bool {
	switch in.Op {
	case spirv.OpConstant, spirv.OpConstantComposite, spirv.OpConstantNull,
		spirv.OpConstantTrue, spirv.OpConstantFalse, spirv.OpUndef:
		return true
	case spirv.OpVariable:
		sc := spirv.StorageClass(in.Operands[0])
		return sc == spirv.StorageClassPrivate || sc == spirv.StorageClassWorkgroup
	case spirv.OpTypeForwardPointer:
		return false
	}
	info := in.Op.Info()
	return info != nil && info.Class == "Type-Declaration"
}

// pure reports whether in, an instruction with a result, has no effect
// beyond its result, so that it may go when the result is unused.
func pure(in *spirv.Instruction, glsl map[spirv.ID]bool) bool {
	switch in.Op {
	case spirv.OpLoad:
		// A volatile load is an access that must happen.
		return len(in.Operands) < 2 || spirv.MemoryAccess(in.Operands[1])&spirv.MemoryAccessVolatile == 0
	case spirv.OpVariable, spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain,
		spirv.OpInBoundsPtrAccessChain, spirv.OpPhi, spirv.OpSelect, spirv.OpUndef, spirv.OpCopyObject,
		spirv.OpCopyLogical:
		return true
	case spirv.OpExtInst:
		// GLSL.std.450 instructions are functions of their operands, except
		// Modf and Frexp, which write through a pointer; other sets stay.
		const modf, frexp = 35, 51
		return len(in.Operands) >= 2 && glsl[spirv.ID(in.Operands[0])] && in.Operands[1] != modf && in.Operands[1] != frexp
	}
	info := in.Op.Info()
	if info == nil {
		return false
	}
	switch info.Class {
	case "Arithmetic", "Bit", "Relational_and_Logical", "Conversion", "Composite":
		return true
	}
	return false
}

// glslImports returns the ids of the module's GLSL.std.450 imports.
func glslImports(m *spirv.Module) map[spirv.ID]bool {
	set := map[spirv.ID]bool{}
	for _, in := range m.ExtInstImports {
		if s, _, _ := spirv.DecodeString(in.Operands); s == "GLSL.std.450" {
			set[in.Result] = true
		}
	}
	return set
}

// dropStoreOnlyVars removes Function variables of fn that are only stored
// to, with their stores: no one reads what they hold.
func dropStoreOnlyVars(ops *spirv.IDOperands, fn *spirv.Function, removed map[spirv.ID]bool) error {
	vars := map[spirv.ID]bool{}
	for _, b := range fn.Blocks {
		for _, in := range b.Insts {
			if in.Op == spirv.OpVariable && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassFunction {
				vars[in.Result] = true
			}
		}
	}
	if len(vars) == 0 {
		return nil
	}
	var err error
	forEachInst(fn, func(in *spirv.Instruction) {
		if e := ops.Visit(in, func(i int) {
			id := spirv.ID(in.Operands[i])
			if vars[id] && !(in.Op == spirv.OpStore && i == 0 && storeIsPlain(in)) {
				delete(vars, id)
			}
		}); e != nil && err == nil {
			err = fmt.Errorf("%v %%%d: %v", in.Op, in.Result, e)
		}
	})
	if err != nil || len(vars) == 0 {
		return err
	}
	for _, b := range fn.Blocks {
		insts := b.Insts[:0]
		for _, in := range b.Insts {
			if (in.Op == spirv.OpVariable && vars[in.Result]) || (in.Op == spirv.OpStore && vars[spirv.ID(in.Operands[0])]) {
				if in.Result != 0 {
					removed[in.Result] = true
				}
				continue
			}
			insts = append(insts, in)
		}
		b.Insts = insts
	}
	return nil
}

// storeIsPlain reports whether an OpStore has no Volatile memory access.
func storeIsPlain(in *spirv.Instruction) bool {
	return len(in.Operands) < 3 || spirv.MemoryAccess(in.Operands[2])&spirv.MemoryAccessVolatile == 0
}
