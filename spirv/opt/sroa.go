package opt

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// ScalarReplace splits Function variables of array and struct type into
// one variable per element (scalar replacement of aggregates), where every
// use of the variable names an element by a constant: access chains whose
// first index is a constant within the bounds, and loads and stores of the
// whole value, which become one load or store per element with
// OpCompositeConstruct and OpCompositeExtract. The element variables are
// split again where they are aggregates themselves (float t[4][4]), and
// mem2reg then promotes them one by one. GPU-tuned OpenCL keeps a work
// item's tiles in private arrays (float acc[MWI*NWI]) indexed by unrolled
// loop counters; whole-array SSA values would carry every element through
// each OpCompositeInsert and OpPhi, and an array left in memory costs a
// load or store per access.
//
// A variable whose pointer escapes is left alone: passed to a function,
// offset by OpPtrAccessChain, cast, copied by OpCopyMemory, indexed by a
// variable first index (but for an array of one element), stored as a
// value, or accessed whole by a volatile load or store. Accesses through chains are the same memory
// accesses after the split, so what they read and write is unchanged.
func ScalarReplace(m *spirv.Module) error {
	_, err := scalarReplace(m, spirv.NewIDOperands(m))
	return err
}

// maxSplitElems bounds the elements of an array that is split, so that a
// large table read at a few constant indexes does not become thousands of
// variables.
const maxSplitElems = 256

// sroaRounds bounds the rounds per function: each splits one more level
// of nested aggregates.
const sroaRounds = 6

// scalarReplace runs the pass over m and reports whether it split any
// variable (a second mem2reg pays only then).
func scalarReplace(m *spirv.Module, ops *spirv.IDOperands) (bool, error) {
	if !hasAggregateVars(m) {
		return false, nil
	}
	s := &sroa{m: m, ops: ops, types: make(map[spirv.ID]*spirv.Instruction, len(m.Globals)),
		ptrs: map[[2]uint32]spirv.ID{}, nulls: map[spirv.ID]spirv.ID{}, decorated: map[spirv.ID]bool{}}
	for _, in := range m.Globals {
		if in.Result == 0 {
			continue
		}
		s.types[in.Result] = in
		switch in.Op {
		case spirv.OpTypePointer:
			k := [2]uint32{in.Operands[0], in.Operands[1]}
			if _, ok := s.ptrs[k]; !ok {
				s.ptrs[k] = in.Result
			}
		case spirv.OpConstantNull:
			if _, ok := s.nulls[in.ResultType]; !ok {
				s.nulls[in.ResultType] = in.Result
			}
		}
	}
	for _, in := range m.Annotations {
		if len(in.Operands) > 0 {
			s.decorated[spirv.ID(in.Operands[0])] = true
		}
	}
	fixBound(m)
	removed := map[spirv.ID]bool{}
	split := false
	for _, fn := range m.Functions {
		if fn.Optimized || len(fn.Blocks) == 0 {
			continue
		}
		for round := 0; round < sroaRounds; round++ {
			n, err := s.function(fn, removed)
			if err != nil {
				return split, fmt.Errorf("function %%%d: %v", fn.ID, err)
			}
			if n == 0 {
				break
			}
			split = true
		}
	}
	dropDebug(m, removed)
	return split, nil
}

// hasAggregateVars reports whether a function of m that the passes
// optimize declares a Function variable of array or struct type: most
// modules have none, and then the pass costs one look at the globals and
// at the entry blocks' variables.
func hasAggregateVars(m *spirv.Module) bool {
	agg := map[spirv.ID]bool{}  // array and struct types
	ptrs := map[spirv.ID]bool{} // Function pointers to them
	for _, in := range m.Globals {
		switch in.Op {
		case spirv.OpTypeArray, spirv.OpTypeStruct:
			agg[in.Result] = true
		case spirv.OpTypePointer:
			if spirv.StorageClass(in.Operands[0]) == spirv.StorageClassFunction && agg[spirv.ID(in.Operands[1])] {
				ptrs[in.Result] = true
			}
		}
	}
	if len(ptrs) == 0 {
		return false
	}
	for _, fn := range m.Functions {
		if fn.Optimized || len(fn.Blocks) == 0 {
			continue
		}
		for _, in := range fn.Blocks[0].Insts {
			if in.Op == spirv.OpVariable && ptrs[in.ResultType] {
				return true
			}
		}
	}
	return false
}

type sroa struct {
	m         *spirv.Module
	ops       *spirv.IDOperands
	types     map[spirv.ID]*spirv.Instruction // globals by id
	ptrs      map[[2]uint32]spirv.ID          // (storage class, pointee) -> OpTypePointer
	nulls     map[spirv.ID]spirv.ID           // type -> its OpConstantNull
	decorated map[spirv.ID]bool
}

// aggVar is a variable being split.
type aggVar struct {
	in     *spirv.Instruction // the OpVariable
	elems  []spirv.ID         // the element types
	inits  []spirv.ID         // the elements' initializers (0: none)
	parts  []spirv.ID         // the element variables
	bad    bool
	chains []*spirv.Instruction // access chains with the variable as base
	whole  []*spirv.Instruction // whole loads and stores
}

// candidates returns fn's Function variables of array or struct type that
// could be split, by id.
func (s *sroa) candidates(fn *spirv.Function) map[spirv.ID]*aggVar {
	var vars map[spirv.ID]*aggVar
	for _, in := range fn.Blocks[0].Insts {
		if in.Op != spirv.OpVariable || spirv.StorageClass(in.Operands[0]) != spirv.StorageClassFunction || s.decorated[in.Result] {
			continue
		}
		pt := s.types[in.ResultType]
		if pt == nil || pt.Op != spirv.OpTypePointer || !pointerFree(s.types, spirv.ID(pt.Operands[1])) {
			continue
		}
		elems := s.elements(spirv.ID(pt.Operands[1]))
		if len(elems) == 0 {
			continue
		}
		v := &aggVar{in: in, elems: elems, inits: make([]spirv.ID, len(elems))}
		if len(in.Operands) > 1 && !s.splitInit(v, spirv.ID(in.Operands[1])) {
			continue
		}
		if vars == nil {
			vars = map[spirv.ID]*aggVar{}
		}
		vars[in.Result] = v
	}
	return vars
}

// elements returns the element types of aggregate t: its members, or one
// per array element; nil where t is no aggregate to split.
func (s *sroa) elements(t spirv.ID) []spirv.ID {
	tt := s.types[t]
	if tt == nil {
		return nil
	}
	switch tt.Op {
	case spirv.OpTypeStruct:
		out := make([]spirv.ID, len(tt.Operands))
		for i, mt := range tt.Operands {
			out[i] = spirv.ID(mt)
		}
		return out
	case spirv.OpTypeArray:
		l := s.types[spirv.ID(tt.Operands[1])]
		if l == nil || l.Op != spirv.OpConstant || len(l.Operands) != 1 || l.Operands[0] == 0 || l.Operands[0] > maxSplitElems {
			return nil
		}
		out := make([]spirv.ID, l.Operands[0])
		for i := range out {
			out[i] = spirv.ID(tt.Operands[0])
		}
		return out
	}
	return nil
}

// splitInit sets v's element initializers from the variable's initializer
// c, reporting false where c is not a constant it can take apart.
func (s *sroa) splitInit(v *aggVar, c spirv.ID) bool {
	d := s.types[c]
	if d == nil {
		return false
	}
	switch d.Op {
	case spirv.OpUndef:
		return true
	case spirv.OpConstantNull:
		for i, t := range v.elems {
			v.inits[i] = s.null(t)
		}
		return true
	case spirv.OpConstantComposite:
		if len(d.Operands) != len(v.elems) {
			return false
		}
		for i := range v.elems {
			v.inits[i] = spirv.ID(d.Operands[i])
		}
		return true
	}
	return false
}

// function splits the variables of fn it can in one round and returns how
// many it split.
func (s *sroa) function(fn *spirv.Function, removed map[spirv.ID]bool) (int, error) {
	vars := s.candidates(fn)
	if len(vars) == 0 {
		return 0, nil
	}
	// root maps the variables and the access chains based on them, at any
	// depth, to their variable. Blocks come after their dominators, so a
	// chain's base is seen before the chain.
	root := make(map[spirv.ID]*aggVar, 2*len(vars))
	for id, v := range vars {
		root[id] = v
	}
	forEachInst(fn, func(in *spirv.Instruction) {
		if (in.Op == spirv.OpAccessChain || in.Op == spirv.OpInBoundsAccessChain) && len(in.Operands) > 0 {
			if v := root[spirv.ID(in.Operands[0])]; v != nil {
				root[in.Result] = v
			}
		}
	})
	var err error
	forEachInst(fn, func(in *spirv.Instruction) {
		if e := s.ops.Visit(in, func(i int) {
			id := spirv.ID(in.Operands[i])
			v := root[id]
			if v == nil || v.bad {
				return
			}
			isVar := id == v.in.Result
			switch {
			case i == 0 && in.Op == spirv.OpLoad:
				if isVar {
					v.bad = !loadIsPlain(in)
					v.whole = append(v.whole, in)
				}
			case i == 0 && in.Op == spirv.OpStore:
				if isVar {
					v.bad = !storeIsPlain(in)
					v.whole = append(v.whole, in)
				}
			case i == 0 && (in.Op == spirv.OpAccessChain || in.Op == spirv.OpInBoundsAccessChain):
				if isVar {
					if len(in.Operands) < 2 || !s.inBounds(v, spirv.ID(in.Operands[1])) {
						v.bad = true
					}
					v.chains = append(v.chains, in)
				}
			default:
				v.bad = true
			}
		}); e != nil && err == nil {
			err = fmt.Errorf("%v %%%d: %v", in.Op, in.Result, e)
		}
	})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, v := range vars {
		if !v.bad {
			n++
		}
	}
	if n == 0 {
		return 0, nil
	}
	return n, s.rewrite(fn, vars, removed)
}

// inBounds reports whether index id is a constant that names an element of
// v, or any index into an array of one element: an access chain's index
// out of bounds is undefined behaviour, so such an index is 0. (CLBlast's
// loops over MWI/VWM, 1 where MWI == VWM, index realM apm[1] by a counter.)
func (s *sroa) inBounds(v *aggVar, id spirv.ID) bool {
	if len(v.elems) == 1 {
		return true
	}
	k, ok := s.constIndex(id)
	return ok && k < uint32(len(v.elems))
}

// elementOf returns the element of v that first index id names (inBounds
// holds).
func (s *sroa) elementOf(v *aggVar, id spirv.ID) int {
	if len(v.elems) == 1 {
		return 0
	}
	k, _ := s.constIndex(id)
	return int(k)
}

// constIndex returns the value of an integer constant index id, where it
// fits 32 bits.
func (s *sroa) constIndex(id spirv.ID) (uint32, bool) {
	c := s.types[id]
	if c == nil || c.Op != spirv.OpConstant || len(c.Operands) == 0 || len(c.Operands) > 2 || (len(c.Operands) == 2 && c.Operands[1] != 0) {
		return 0, false
	}
	ct := s.types[c.ResultType]
	if ct == nil || ct.Op != spirv.OpTypeInt {
		return 0, false
	}
	k := c.Operands[0]
	if ct.Operands[0] < 32 {
		k &= 1<<ct.Operands[0] - 1
	}
	return k, true
}

// rewrite splits the variables of vars that are not bad: element
// variables in place of each, chains re-based on them, whole loads and
// stores one per element.
func (s *sroa) rewrite(fn *spirv.Function, vars map[spirv.ID]*aggVar, removed map[spirv.ID]bool) error {
	// Element variables, in the order of the variables in the entry block
	// so that ids are deterministic.
	entry := fn.Blocks[0]
	insts := make([]*spirv.Instruction, 0, len(entry.Insts))
	var order []*aggVar // the variables split, in that order too
	for _, in := range entry.Insts {
		v := vars[in.Result]
		if in.Op != spirv.OpVariable || v == nil || v.bad {
			insts = append(insts, in)
			continue
		}
		order = append(order, v)
		removed[in.Result] = true
		v.parts = make([]spirv.ID, len(v.elems))
		for k, t := range v.elems {
			e := &spirv.Instruction{Op: spirv.OpVariable, ResultType: s.pointer(t), Result: newID(s.m),
				Operands: []uint32{uint32(spirv.StorageClassFunction)}}
			if v.inits[k] != 0 {
				e.Operands = append(e.Operands, uint32(v.inits[k]))
			}
			s.ops.Add(e)
			insts = append(insts, e)
			v.parts[k] = e.Result
		}
	}
	entry.Insts = insts

	repl := map[spirv.ID]spirv.ID{}
	drop := map[*spirv.Instruction]bool{}
	before := map[*spirv.Instruction][]*spirv.Instruction{} // added before an instruction
	// In order, not over the map: splitWhole numbers new ids.
	for _, v := range order {
		for _, c := range v.chains {
			k := s.elementOf(v, spirv.ID(c.Operands[1]))
			if len(c.Operands) == 2 {
				repl[c.Result] = v.parts[k]
				removed[c.Result] = true
				drop[c] = true
				continue
			}
			c.Operands = append([]uint32{uint32(v.parts[k])}, c.Operands[2:]...)
		}
		for _, w := range v.whole {
			before[w] = s.splitWhole(v, w)
		}
	}
	for _, b := range fn.Blocks {
		if len(before) == 0 && len(drop) == 0 {
			break
		}
		out := b.Insts[:0:0]
		for _, in := range b.Insts {
			if drop[in] {
				continue
			}
			if add, ok := before[in]; ok {
				out = append(out, add...)
				if in.Op == spirv.OpStore {
					continue // the element stores replace it
				}
			}
			out = append(out, in)
		}
		b.Insts = out
	}
	return replaceUses(s.ops, fn, repl)
}

// splitWhole rewrites w, a whole load or store of v, into one load or
// store per element: a load becomes the OpCompositeConstruct of the
// element loads returned to go before it; a store's element extracts and
// stores are returned to replace it.
func (s *sroa) splitWhole(v *aggVar, w *spirv.Instruction) []*spirv.Instruction {
	var out []*spirv.Instruction
	if w.Op == spirv.OpLoad {
		parts := make([]uint32, len(v.elems))
		for k, t := range v.elems {
			ld := &spirv.Instruction{Op: spirv.OpLoad, ResultType: t, Result: newID(s.m), Operands: []uint32{uint32(v.parts[k])}}
			s.ops.Add(ld)
			out = append(out, ld)
			parts[k] = uint32(ld.Result)
		}
		w.Op, w.Operands = spirv.OpCompositeConstruct, parts
		return out
	}
	val := w.Operands[1]
	for k, t := range v.elems {
		ex := &spirv.Instruction{Op: spirv.OpCompositeExtract, ResultType: t, Result: newID(s.m), Operands: []uint32{val, uint32(k)}}
		st := &spirv.Instruction{Op: spirv.OpStore, Operands: []uint32{uint32(v.parts[k]), uint32(ex.Result)}}
		s.ops.Add(ex)
		s.ops.Add(st)
		out = append(out, ex, st)
	}
	return out
}

// pointer returns the type of Function pointers to t, declaring it at the
// end of the globals where the module has none.
func (s *sroa) pointer(t spirv.ID) spirv.ID {
	k := [2]uint32{uint32(spirv.StorageClassFunction), uint32(t)}
	if id, ok := s.ptrs[k]; ok {
		return id
	}
	in := &spirv.Instruction{Op: spirv.OpTypePointer, Result: newID(s.m), Operands: k[:]}
	s.m.Globals = append(s.m.Globals, in)
	s.ops.Add(in)
	s.types[in.Result] = in
	s.ptrs[k] = in.Result
	return in.Result
}

// null returns the OpConstantNull of type t, declaring it where the module
// has none.
func (s *sroa) null(t spirv.ID) spirv.ID {
	if id, ok := s.nulls[t]; ok {
		return id
	}
	in := &spirv.Instruction{Op: spirv.OpConstantNull, ResultType: t, Result: newID(s.m)}
	s.m.Globals = append(s.m.Globals, in)
	s.ops.Add(in)
	s.types[in.Result] = in
	s.nulls[t] = in.Result
	return in.Result
}
