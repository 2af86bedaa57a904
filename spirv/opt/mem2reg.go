package opt

import (
	"fmt"
	"sort"

	"github.com/clgo/clgo/spirv"
)

// Mem2Reg promotes Function variables whose address does not escape (every
// use is the pointer of a plain OpLoad or OpStore) to SSA values: loads read
// the value last stored on the path, with OpPhi at the start of the blocks
// where paths with different values meet (the iterated dominance frontiers
// of the stores, Cytron et al.). Pointer-free types only, since Logical
// addressing forbids OpPhi of pointers. The variables and their loads and
// stores go; DCE removes phis no one reads.
func Mem2Reg(m *spirv.Module) error { return mem2regModule(m, spirv.NewIDOperands(m)) }

func mem2regModule(m *spirv.Module, ops *spirv.IDOperands) error {
	fixBound(m)
	types := make(map[spirv.ID]*spirv.Instruction, len(m.Globals))
	for _, in := range m.Globals {
		if in.Result != 0 {
			types[in.Result] = in
		}
	}
	removed := map[spirv.ID]bool{}
	u := newUndefs(m, ops)
	for _, fn := range m.Functions {
		if fn.Optimized {
			continue
		}
		if err := mem2reg(m, ops, u, types, fn, removed); err != nil {
			return fmt.Errorf("function %%%d: %v", fn.ID, err)
		}
	}
	dropDebug(m, removed)
	return nil
}

// promoted is a variable being promoted.
type promoted struct {
	id    spirv.ID
	typ   spirv.ID // the pointee type
	init  spirv.ID // the initial value: the initializer or an OpUndef
	stack []spirv.ID
}

func mem2reg(m *spirv.Module, ops *spirv.IDOperands, u *undefs, types map[spirv.ID]*spirv.Instruction, fn *spirv.Function, removed map[spirv.ID]bool) error {
	if len(fn.Blocks) == 0 {
		return nil
	}
	vars := map[spirv.ID]*promoted{}
	for _, in := range fn.Blocks[0].Insts {
		if in.Op != spirv.OpVariable || spirv.StorageClass(in.Operands[0]) != spirv.StorageClassFunction {
			continue
		}
		ptr := types[in.ResultType]
		if ptr == nil || ptr.Op != spirv.OpTypePointer || !pointerFree(types, spirv.ID(ptr.Operands[1])) {
			continue
		}
		v := &promoted{id: in.Result, typ: spirv.ID(ptr.Operands[1])}
		if len(in.Operands) > 1 {
			v.init = spirv.ID(in.Operands[1])
		}
		vars[in.Result] = v
	}
	if len(vars) == 0 {
		return nil
	}
	// Keep only variables used as the pointer of plain loads and stores,
	// directly or through access chains of constant in-bounds indexes
	// (which become OpCompositeExtract and OpCompositeInsert).
	chains := map[spirv.ID]*chain{}
	var err error
	forEachInst(fn, func(in *spirv.Instruction) {
		if in.Op == spirv.OpAccessChain || in.Op == spirv.OpInBoundsAccessChain {
			if v := vars[spirv.ID(in.Operands[0])]; v != nil {
				if lits, ok := constIndexes(types, v.typ, in.Operands[1:]); ok {
					chains[in.Result] = &chain{v: v, lits: lits}
				}
			}
		}
	})
	forEachInst(fn, func(in *spirv.Instruction) {
		if e := ops.Visit(in, func(i int) {
			id := spirv.ID(in.Operands[i])
			plain := i == 0 && (in.Op == spirv.OpLoad && loadIsPlain(in) || in.Op == spirv.OpStore && storeIsPlain(in))
			if ch := chains[id]; ch != nil && !plain {
				delete(vars, ch.v.id)
			}
			if vars[id] == nil || plain || i == 0 && chains[in.Result] != nil {
				return
			}
			delete(vars, id)
		}); e != nil && err == nil {
			err = fmt.Errorf("%v %%%d: %v", in.Op, in.Result, e)
		}
	})
	for id, ch := range chains {
		if vars[ch.v.id] == nil {
			delete(chains, id)
		}
	}
	if err != nil || len(vars) == 0 {
		return err
	}
	// target returns the variable a load or store's pointer reaches, and
	// the indexes into it.
	target := func(ptr spirv.ID) (*promoted, []uint32) {
		if v := vars[ptr]; v != nil {
			return v, nil
		}
		if ch := chains[ptr]; ch != nil {
			return ch.v, ch.lits
		}
		return nil, nil
	}
	order := sortedVars(vars)
	for _, v := range order { // in order: u.of numbers new OpUndefs
		if v.init == 0 {
			v.init = u.of(v.typ)
		}
	}
	c := newCFG(fn, ops)

	// Place phis at the iterated dominance frontiers of each variable's
	// stores. phis[block] lists (variable, phi) in placement order.
	type phi struct {
		v  *promoted
		in *spirv.Instruction
	}
	phis := make([][]phi, len(fn.Blocks))
	defBlocks := map[*promoted][]int{}
	for bi, b := range fn.Blocks {
		if !c.reachable(bi) {
			continue
		}
		for _, in := range b.Insts {
			if in.Op != spirv.OpStore {
				continue
			}
			if v, _ := target(spirv.ID(in.Operands[0])); v != nil {
				if l := defBlocks[v]; len(l) == 0 || l[len(l)-1] != bi {
					defBlocks[v] = append(l, bi)
				}
			}
		}
	}
	for _, v := range order {
		work := append([]int(nil), defBlocks[v]...)
		has := map[int]bool{}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			for _, f := range c.df[b] {
				if has[f] {
					continue
				}
				has[f] = true
				in := &spirv.Instruction{Op: spirv.OpPhi, ResultType: v.typ, Result: newID(m)}
				ops.Add(in)
				phis[f] = append(phis[f], phi{v, in})
				work = append(work, f)
			}
		}
	}

	// Rename along the dominator tree: each block's phis, loads and stores
	// update the variables' current values; successors' phis get an
	// operand for this block.
	repl := map[spirv.ID]spirv.ID{}
	cur := func(v *promoted) spirv.ID {
		if len(v.stack) == 0 {
			return v.init
		}
		return v.stack[len(v.stack)-1]
	}
	var rename func(b int)
	rename = func(b int) {
		depth := map[*promoted]int{}
		for _, p := range phis[b] {
			depth[p.v]++
			p.v.stack = append(p.v.stack, p.in.Result)
		}
		blk := fn.Blocks[b]
		insts := blk.Insts[:0]
		for _, in := range blk.Insts {
			switch {
			case in.Op == spirv.OpLoad:
				v, lits := target(spirv.ID(in.Operands[0]))
				if v == nil {
					break
				}
				if len(lits) == 0 {
					repl[in.Result] = cur(v)
					removed[in.Result] = true
					continue
				}
				in.Op, in.Operands = spirv.OpCompositeExtract, append([]uint32{uint32(cur(v))}, lits...)
			case in.Op == spirv.OpStore:
				v, lits := target(spirv.ID(in.Operands[0]))
				if v == nil {
					break
				}
				val := resolve(repl, spirv.ID(in.Operands[1]))
				if len(lits) > 0 {
					ins := &spirv.Instruction{Op: spirv.OpCompositeInsert, ResultType: v.typ, Result: newID(m),
						Operands: append([]uint32{uint32(val), uint32(cur(v))}, lits...)}
					ops.Add(ins)
					insts = append(insts, ins)
					val = ins.Result
				}
				depth[v]++
				v.stack = append(v.stack, val)
				continue
			case in.Op == spirv.OpVariable && vars[in.Result] != nil,
				chains[in.Result] != nil:
				removed[in.Result] = true
				continue
			}
			insts = append(insts, in)
		}
		blk.Insts = insts
		for _, s := range c.succs[b] {
			for _, p := range phis[s] {
				p.in.Operands = append(p.in.Operands, uint32(cur(p.v)), uint32(blk.Label))
			}
		}
		for _, k := range c.kids[b] {
			rename(k)
		}
		for v, n := range depth {
			v.stack = v.stack[:len(v.stack)-n]
		}
	}
	rename(0)

	// Unreachable blocks: their loads read undef, their stores go; they
	// give the phis of reachable successors undef.
	for bi, blk := range fn.Blocks {
		if c.reachable(bi) {
			continue
		}
		insts := blk.Insts[:0]
		for _, in := range blk.Insts {
			if in.Op == spirv.OpLoad {
				if v, _ := target(spirv.ID(in.Operands[0])); v != nil {
					repl[in.Result] = u.of(in.ResultType)
					removed[in.Result] = true
					continue
				}
			}
			if in.Op == spirv.OpStore {
				if v, _ := target(spirv.ID(in.Operands[0])); v != nil {
					continue
				}
			}
			if chains[in.Result] != nil {
				removed[in.Result] = true
				continue
			}
			insts = append(insts, in)
		}
		blk.Insts = insts
		for _, s := range c.succs[bi] {
			for _, p := range phis[s] {
				p.in.Operands = append(p.in.Operands, uint32(u.of(p.v.typ)), uint32(blk.Label))
			}
		}
	}

	// Phis go first in their blocks, before any existing ones' users.
	for bi, list := range phis {
		if len(list) == 0 {
			continue
		}
		blk := fn.Blocks[bi]
		head := make([]*spirv.Instruction, 0, len(list)+len(blk.Insts))
		for _, p := range list {
			head = append(head, p.in)
		}
		blk.Insts = append(head, blk.Insts...)
	}
	return replaceUses(ops, fn, repl)
}

// sortedVars returns the variables in id order, so output is deterministic.
func sortedVars(vars map[spirv.ID]*promoted) []*promoted {
	out := make([]*promoted, 0, len(vars))
	for _, v := range vars {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// pointerFree reports whether values of type t hold no pointers (and so
// may be OpPhi operands under Logical addressing).
func pointerFree(types map[spirv.ID]*spirv.Instruction, t spirv.ID) bool {
	in := types[t]
	if in == nil {
		return false
	}
	switch in.Op {
	case spirv.OpTypeBool, spirv.OpTypeInt, spirv.OpTypeFloat:
		return true
	case spirv.OpTypeVector, spirv.OpTypeMatrix, spirv.OpTypeArray:
		return pointerFree(types, spirv.ID(in.Operands[0]))
	case spirv.OpTypeStruct:
		for _, mt := range in.Operands {
			if !pointerFree(types, spirv.ID(mt)) {
				return false
			}
		}
		return true
	}
	return false
}

// loadIsPlain reports whether an OpLoad has no Volatile memory access.
func loadIsPlain(in *spirv.Instruction) bool {
	return len(in.Operands) < 2 || spirv.MemoryAccess(in.Operands[1])&spirv.MemoryAccessVolatile == 0
}

// chain is an access chain into a promoted variable.
type chain struct {
	v    *promoted
	lits []uint32 // the constant indexes, as literals
}

// constIndexes returns the values of an access chain's index operands into
// a value of type t where each is a constant within its composite's bounds.
func constIndexes(types map[spirv.ID]*spirv.Instruction, t spirv.ID, indexes []uint32) ([]uint32, bool) {
	lits := make([]uint32, 0, len(indexes))
	for _, id := range indexes {
		c := types[spirv.ID(id)]
		if c == nil || c.Op != spirv.OpConstant || len(c.Operands) == 0 || (len(c.Operands) > 1 && c.Operands[1] != 0) {
			return nil, false
		}
		k := c.Operands[0]
		ct := types[c.ResultType]
		if ct == nil || ct.Op != spirv.OpTypeInt {
			return nil, false
		}
		if ct.Operands[0] < 32 {
			k &= 1<<ct.Operands[0] - 1
		}
		tt := types[t]
		if tt == nil {
			return nil, false
		}
		var n uint32
		switch tt.Op {
		case spirv.OpTypeVector, spirv.OpTypeMatrix:
			n, t = tt.Operands[1], spirv.ID(tt.Operands[0])
		case spirv.OpTypeArray:
			l := types[spirv.ID(tt.Operands[1])]
			if l == nil || l.Op != spirv.OpConstant {
				return nil, false
			}
			n, t = l.Operands[0], spirv.ID(tt.Operands[0])
		case spirv.OpTypeStruct:
			n = uint32(len(tt.Operands))
			if k < n {
				t = spirv.ID(tt.Operands[k])
			}
		default:
			return nil, false
		}
		if k >= n {
			return nil, false
		}
		lits = append(lits, k)
	}
	return lits, true
}
