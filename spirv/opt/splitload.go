package opt

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// SplitLoads turns a load of an array or struct from a buffer (or
// Workgroup memory) whose value is only taken apart by
// OpCompositeExtract into one load per member used, through an access
// chain: a float16 (array of four vec4 in Vulkan SPIR-V) read from a
// buffer becomes four vec4 loads. Drivers then see the vector loads a
// vendor's OpenCL compiler makes of the same code, instead of a 64-byte
// aggregate value (NVIDIA's compiler ran clpeak-style float16 reads of
// such values at a third of its OpenCL's speed). The loads happen where
// the aggregate's did, so what they read is unchanged; the aggregate
// load is left for DCE.
func SplitLoads(m *spirv.Module) error { return splitLoads(m, spirv.NewIDOperands(m)) }

// splitClasses are the storage classes whose loads are split: memory
// another invocation may write, read at one point either way. Function
// and Private memory is mem2reg's; physical pointers need alignments.
var splitClasses = map[spirv.StorageClass]bool{
	spirv.StorageClassStorageBuffer: true, spirv.StorageClassUniform: true,
	spirv.StorageClassPushConstant: true, spirv.StorageClassWorkgroup: true,
	spirv.StorageClassCrossWorkgroup: true,
}

func splitLoads(m *spirv.Module, ops *spirv.IDOperands) error {
	fixBound(m)
	s := &splitter{m: m, ops: ops, types: map[spirv.ID]*spirv.Instruction{}, typeOf: map[spirv.ID]spirv.ID{},
		ptrs: map[[2]uint32]spirv.ID{}, consts: map[uint32]spirv.ID{}}
	for _, in := range m.Globals {
		if in.Result == 0 {
			continue
		}
		s.typeOf[in.Result] = in.ResultType
		switch {
		case in.Op == spirv.OpTypePointer:
			s.ptrs[[2]uint32{in.Operands[0], in.Operands[1]}] = in.Result
		case in.Op == spirv.OpTypeInt && in.Operands[0] == 32 && in.Operands[1] == 0:
			if s.uint == 0 {
				s.uint = in.Result
			}
		}
		s.types[in.Result] = in
	}
	for _, in := range m.Globals {
		if in.Op == spirv.OpConstant && in.ResultType == s.uint && s.uint != 0 {
			if _, ok := s.consts[in.Operands[0]]; !ok {
				s.consts[in.Operands[0]] = in.Result
			}
		}
	}
	decorated := map[spirv.ID]bool{}
	for _, in := range m.Annotations {
		if len(in.Operands) > 0 {
			decorated[spirv.ID(in.Operands[0])] = true
		}
	}
	for _, fn := range m.Functions {
		if fn.Optimized || len(fn.Blocks) == 0 {
			continue
		}
		if err := s.function(fn, decorated); err != nil {
			return err
		}
	}
	return nil
}

type splitter struct {
	m      *spirv.Module
	ops    *spirv.IDOperands
	types  map[spirv.ID]*spirv.Instruction
	typeOf map[spirv.ID]spirv.ID
	ptrs   map[[2]uint32]spirv.ID // (storage class, pointee) -> OpTypePointer
	uint   spirv.ID               // the 32-bit unsigned integer type, or 0
	consts map[uint32]spirv.ID    // its constants by value
}

// function splits fn's aggregate loads, repeating for loads it made that
// are aggregates themselves.
func (s *splitter) function(fn *spirv.Function, decorated map[spirv.ID]bool) error {
	forEachInst(fn, func(in *spirv.Instruction) {
		if in.Result != 0 {
			s.typeOf[in.Result] = in.ResultType
		}
	})
	for round := 0; round < 4; round++ {
		// The aggregate loads (only they split); uses: every instruction
		// that names one; extractOnly: those named only as the composite
		// of OpCompositeExtract. Tracking only these keeps the maps small
		// in a function of millions of instructions.
		aggLoads := map[spirv.ID]bool{}
		forEachInst(fn, func(in *spirv.Instruction) {
			if in.Op == spirv.OpLoad && len(in.Operands) == 1 && !decorated[in.Result] {
				if t := s.types[in.ResultType]; t != nil && (t.Op == spirv.OpTypeArray || t.Op == spirv.OpTypeStruct) {
					aggLoads[in.Result] = true
				}
			}
		})
		if len(aggLoads) == 0 {
			break
		}
		users := map[spirv.ID][]*spirv.Instruction{}
		extractOnly := map[spirv.ID]bool{}
		var err error
		forEachInst(fn, func(in *spirv.Instruction) {
			if e := s.ops.Visit(in, func(i int) {
				id := spirv.ID(in.Operands[i])
				if !aggLoads[id] {
					return
				}
				users[id] = append(users[id], in)
				if _, seen := extractOnly[id]; !seen {
					extractOnly[id] = true
				}
				if in.Op != spirv.OpCompositeExtract || i != 0 || len(in.Operands) < 2 {
					extractOnly[id] = false
				}
			}); e != nil && err == nil {
				err = fmt.Errorf("%v %%%d: %v", in.Op, in.Result, e)
			}
		})
		if err != nil {
			return err
		}
		repl := map[spirv.ID]spirv.ID{}
		changed := false
		for _, b := range fn.Blocks {
			var out []*spirv.Instruction
			for _, in := range b.Insts {
				out = append(out, in)
				if in.Op != spirv.OpLoad || len(in.Operands) != 1 || decorated[in.Result] || !extractOnly[in.Result] {
					continue
				}
				added := s.split(in, users[in.Result], repl)
				if len(added) > 0 {
					out = append(out, added...)
					changed = true
				}
			}
			b.Insts = out
		}
		if err := replaceUses(s.ops, fn, repl); err != nil {
			return err
		}
		if !changed {
			break
		}
	}
	return nil
}

// split makes the member loads of load, an aggregate load whose users are
// all OpCompositeExtract of it, and rewrites those users; it returns the
// instructions to place after load (none where it does not apply).
func (s *splitter) split(load *spirv.Instruction, users []*spirv.Instruction, repl map[spirv.ID]spirv.ID) []*spirv.Instruction {
	ptr := spirv.ID(load.Operands[0])
	pt := s.types[s.typeOf[ptr]]
	agg := s.types[load.ResultType]
	if pt == nil || pt.Op != spirv.OpTypePointer || !splitClasses[spirv.StorageClass(pt.Operands[0])] || agg == nil || s.uint == 0 {
		return nil
	}
	member := func(k uint32) spirv.ID {
		switch agg.Op {
		case spirv.OpTypeArray:
			return spirv.ID(agg.Operands[0])
		case spirv.OpTypeStruct:
			if int(k) < len(agg.Operands) {
				return spirv.ID(agg.Operands[k])
			}
		}
		return 0
	}
	if agg.Op != spirv.OpTypeArray && agg.Op != spirv.OpTypeStruct {
		return nil
	}
	for _, u := range users {
		if member(u.Operands[1]) == 0 {
			return nil
		}
	}
	sc := pt.Operands[0]
	loads := map[uint32]spirv.ID{}
	var added []*spirv.Instruction
	for _, u := range users {
		k := u.Operands[1]
		v, ok := loads[k]
		if !ok {
			et := member(k)
			chain := &spirv.Instruction{Op: spirv.OpAccessChain, ResultType: s.pointer(sc, et), Result: newID(s.m),
				Operands: []uint32{uint32(ptr), uint32(s.constant(k))}}
			ld := &spirv.Instruction{Op: spirv.OpLoad, ResultType: et, Result: newID(s.m), Operands: []uint32{uint32(chain.Result)}}
			for _, in := range []*spirv.Instruction{chain, ld} {
				s.ops.Add(in)
				s.typeOf[in.Result] = in.ResultType
			}
			added = append(added, chain, ld)
			v = ld.Result
			loads[k] = v
		}
		if len(u.Operands) == 2 {
			repl[u.Result] = v
			continue
		}
		u.Operands = append([]uint32{uint32(v)}, u.Operands[2:]...)
	}
	return added
}

// pointer returns the type of pointers of storage class sc to t, declaring
// it at the end of the globals where the module has none.
func (s *splitter) pointer(sc uint32, t spirv.ID) spirv.ID {
	k := [2]uint32{sc, uint32(t)}
	if id, ok := s.ptrs[k]; ok {
		return id
	}
	in := &spirv.Instruction{Op: spirv.OpTypePointer, Result: newID(s.m), Operands: []uint32{sc, uint32(t)}}
	s.m.Globals = append(s.m.Globals, in)
	s.ops.Add(in)
	s.types[in.Result] = in
	s.ptrs[k] = in.Result
	return in.Result
}

// constant returns the 32-bit unsigned constant v, declaring it where the
// module has none.
func (s *splitter) constant(v uint32) spirv.ID {
	if id, ok := s.consts[v]; ok {
		return id
	}
	in := &spirv.Instruction{Op: spirv.OpConstant, ResultType: s.uint, Result: newID(s.m), Operands: []uint32{v}}
	s.m.Globals = append(s.m.Globals, in)
	s.ops.Add(in)
	s.consts[v] = in.Result
	return in.Result
}
