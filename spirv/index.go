package spirv

import "strconv"

// Index answers the questions consumers of a module (drivers, passes) ask
// about ids: what defines them, their decorations and names, the entry
// points. Build it once with NewIndex; it does not follow later changes.
type Index struct {
	Module *Module
	// Defs maps every result id to its instruction: types, constants,
	// globals, function parameters, instructions in blocks, and synthesized
	// OpFunction and OpLabel instructions.
	Defs map[ID]*Instruction
	// Funcs maps function ids to functions, Blocks label ids to blocks.
	Funcs  map[ID]*Function
	Blocks map[ID]*Block

	decorations map[ID][]*Instruction // OpDecorate/OpDecorateId/OpDecorateString by target
	members     map[ID][]*Instruction // OpMemberDecorate/OpMemberDecorateString by struct
	names       map[ID]string
	memberNames map[ID]map[uint32]string
}

// NewIndex indexes m.
func NewIndex(m *Module) *Index {
	x := &Index{
		Module:      m,
		Defs:        map[ID]*Instruction{},
		Funcs:       map[ID]*Function{},
		Blocks:      map[ID]*Block{},
		decorations: map[ID][]*Instruction{},
		members:     map[ID][]*Instruction{},
		names:       map[ID]string{},
		memberNames: map[ID]map[uint32]string{},
	}
	for _, in := range m.ExtInstImports {
		x.Defs[in.Result] = in
	}
	for _, in := range m.DebugSources {
		if in.Result != 0 {
			x.Defs[in.Result] = in
		}
	}
	for _, in := range m.Names {
		switch {
		case in.Op == OpName && len(in.Operands) >= 1:
			if _, ok := x.names[ID(in.Operands[0])]; !ok {
				x.names[ID(in.Operands[0])], _, _ = DecodeString(in.Operands[1:])
			}
		case in.Op == OpMemberName && len(in.Operands) >= 2:
			mm := x.memberNames[ID(in.Operands[0])]
			if mm == nil {
				mm = map[uint32]string{}
				x.memberNames[ID(in.Operands[0])] = mm
			}
			mm[in.Operands[1]], _, _ = DecodeString(in.Operands[2:])
		}
	}
	for _, in := range m.Annotations {
		if len(in.Operands) == 0 {
			continue
		}
		switch in.Op {
		case OpDecorate, OpDecorateId, OpDecorateString:
			x.decorations[ID(in.Operands[0])] = append(x.decorations[ID(in.Operands[0])], in)
		case OpMemberDecorate, OpMemberDecorateString:
			x.members[ID(in.Operands[0])] = append(x.members[ID(in.Operands[0])], in)
		case OpDecorationGroup:
			x.Defs[in.Result] = in
		}
	}
	// Group decorations apply the group's decorations to each target.
	for _, in := range m.Annotations {
		if len(in.Operands) == 0 {
			continue
		}
		group := ID(in.Operands[0])
		switch in.Op {
		case OpGroupDecorate:
			for _, t := range in.Operands[1:] {
				for _, d := range x.decorations[group] {
					c := *d
					c.Operands = append([]uint32{t}, d.Operands[1:]...)
					x.decorations[ID(t)] = append(x.decorations[ID(t)], &c)
				}
			}
		case OpGroupMemberDecorate:
			for i := 1; i+1 < len(in.Operands); i += 2 {
				for _, d := range x.decorations[group] {
					c := Instruction{Op: OpMemberDecorate, Operands: append([]uint32{in.Operands[i], in.Operands[i+1]}, d.Operands[1:]...)}
					x.members[ID(in.Operands[i])] = append(x.members[ID(in.Operands[i])], &c)
				}
			}
		}
	}
	for _, in := range m.Globals {
		if in.Result != 0 {
			x.Defs[in.Result] = in
		}
	}
	for _, fn := range m.Functions {
		x.Funcs[fn.ID] = fn
		x.Defs[fn.ID] = &Instruction{Op: OpFunction, ResultType: fn.ResultType, Result: fn.ID, Operands: []uint32{uint32(fn.Control), uint32(fn.Type)}}
		for _, p := range fn.Params {
			x.Defs[p.Result] = p
		}
		for _, b := range fn.Blocks {
			x.Blocks[b.Label] = b
			x.Defs[b.Label] = &Instruction{Op: OpLabel, Result: b.Label}
			for _, in := range b.Insts {
				if in.Result != 0 {
					x.Defs[in.Result] = in
				}
			}
		}
	}
	for _, in := range m.Trailing {
		if in.Result != 0 {
			x.Defs[in.Result] = in
		}
	}
	return x
}

// TypeOf returns the result type of id, or 0.
func (x *Index) TypeOf(id ID) ID {
	if in := x.Defs[id]; in != nil {
		return in.ResultType
	}
	return 0
}

// Name returns id's OpName, or "".
func (x *Index) Name(id ID) string { return x.names[id] }

// MemberName returns the OpMemberName of member of struct type id, or "".
func (x *Index) MemberName(id ID, member uint32) string { return x.memberNames[id][member] }

// Decorations returns the decorations of id (OpDecorate, OpDecorateId,
// OpDecorateString, and those applied through decoration groups).
func (x *Index) Decorations(id ID) []*Instruction { return x.decorations[id] }

// Decoration returns the operands after the decoration of the first
// decoration d of id, and whether there is one.
func (x *Index) Decoration(id ID, d Decoration) ([]uint32, bool) {
	for _, in := range x.decorations[id] {
		if len(in.Operands) >= 2 && Decoration(in.Operands[1]) == d {
			return in.Operands[2:], true
		}
	}
	return nil, false
}

// DecorationValue returns the first literal of decoration d of id
// (DescriptorSet, Binding, SpecId, ArrayStride, BuiltIn, ...).
func (x *Index) DecorationValue(id ID, d Decoration) (uint32, bool) {
	ops, ok := x.Decoration(id, d)
	if !ok || len(ops) == 0 {
		return 0, false
	}
	return ops[0], true
}

// HasDecoration reports whether id has decoration d.
func (x *Index) HasDecoration(id ID, d Decoration) bool {
	_, ok := x.Decoration(id, d)
	return ok
}

// MemberDecoration returns the operands of decoration d of member of the
// struct type id (e.g. its Offset), and whether there is one.
func (x *Index) MemberDecoration(id ID, member uint32, d Decoration) ([]uint32, bool) {
	for _, in := range x.members[id] {
		if len(in.Operands) >= 3 && in.Operands[1] == member && Decoration(in.Operands[2]) == d {
			return in.Operands[3:], true
		}
	}
	return nil, false
}

// EntryPoint is an OpEntryPoint with its execution modes gathered.
type EntryPoint struct {
	Model     ExecutionModel
	Function  ID
	Name      string
	Interface []ID
	// LocalSize is the LocalSize execution mode, all zero when absent.
	// Compute work-group sizes may instead come from a constant decorated
	// BuiltIn WorkgroupSize (see WorkgroupSizeID) or LocalSizeId.
	LocalSize   [3]uint32
	LocalSizeID [3]ID // LocalSizeId operands, zero when absent
	Modes       []*Instruction
}

// EntryPoints returns the module's entry points in order.
func (x *Index) EntryPoints() []EntryPoint {
	var eps []EntryPoint
	for _, in := range x.Module.EntryPoints {
		if len(in.Operands) < 3 {
			continue
		}
		name, n, _ := DecodeString(in.Operands[2:])
		ep := EntryPoint{Model: ExecutionModel(in.Operands[0]), Function: ID(in.Operands[1]), Name: name}
		for _, w := range in.Operands[2+n:] {
			ep.Interface = append(ep.Interface, ID(w))
		}
		for _, mode := range x.Module.ExecutionModes {
			if len(mode.Operands) < 2 || ID(mode.Operands[0]) != ep.Function {
				continue
			}
			ep.Modes = append(ep.Modes, mode)
			switch m := ExecutionMode(mode.Operands[1]); {
			case m == ExecutionModeLocalSize && len(mode.Operands) == 5:
				copy(ep.LocalSize[:], mode.Operands[2:])
			case m == ExecutionModeLocalSizeId && len(mode.Operands) == 5:
				for i := range 3 {
					ep.LocalSizeID[i] = ID(mode.Operands[2+i])
				}
			}
		}
		eps = append(eps, ep)
	}
	return eps
}

// EntryPoint returns the entry point called name.
func (x *Index) EntryPoint(name string) (EntryPoint, bool) {
	for _, ep := range x.EntryPoints() {
		if ep.Name == name {
			return ep, true
		}
	}
	return EntryPoint{}, false
}

// WorkgroupSizeID returns the constant (or spec constant composite)
// decorated BuiltIn WorkgroupSize, or 0.
func (x *Index) WorkgroupSizeID() ID {
	for id, decs := range x.decorations {
		for _, d := range decs {
			if len(d.Operands) >= 3 && Decoration(d.Operands[1]) == DecorationBuiltIn && BuiltIn(d.Operands[2]) == BuiltInWorkgroupSize {
				if def := x.Defs[id]; def != nil && def.Op != OpVariable {
					return id
				}
			}
		}
	}
	return 0
}

// String returns the instruction in spirv-dis form with raw ids, e.g.
// "%7 = OpLoad %3 %6 Aligned 4". Literal numbers of OpConstant and OpSwitch,
// whose width depends on types it cannot see, are printed word by word.
func (in *Instruction) String() string {
	line := disInst(in, nil, func(id ID) string { return "%" + strconv.FormatUint(uint64(id), 10) }, 0)
	if in.Result != 0 {
		return "%" + strconv.FormatUint(uint64(in.Result), 10) + " = " + line
	}
	return line
}
