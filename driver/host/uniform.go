package host

import "github.com/clgo/clgo/spirv"

// Lane-uniform values. A value is uniform when every lane of a work-group
// holds the same one: constants, pointers to buffer, push-constant and
// Workgroup variables, loads of push constants and read-only buffers at
// uniform addresses, the group-wide built-ins, and hoisted pure operations
// of only those. Hoisted code fills every lane of its rows in a prologue
// under a full mask, so any slot of a uniform row, lane 0 included, holds
// the value. An element-wise operation with uniform operands reads them as
// one slot (no row traffic), and with only uniform operands computes one
// lane and broadcasts it, only to the rows some instruction reads whole.
// When a prologue faulted (s.redo), hoisted code
// runs in place under partial masks and rows may be partly filled: the
// generic loops run then.

// uniform says whether every lane holds the same value of id.
func (p *prep) uniform(id uint32) bool {
	if !p.on(optUniform) {
		return false
	}
	if _, ok := p.consts[id]; ok {
		return true
	}
	return p.uni[id]
}

// markUniform records a hoisted instruction's result as uniform when its
// inputs are.
func (p *prep) markUniform(in *inst) {
	if p.uni == nil || !p.on(optUniform) {
		return
	}
	if in.op == spirv.OpLoad {
		r := p.staticRegion(in.args[0])
		if r < 0 {
			return
		}
		switch rg := &p.k.regions[r]; rg.kind {
		case regionPush, regionBuffer:
			if p.uniform(in.args[0]) {
				p.uni[in.id] = true
			}
		case regionLane:
			if b := spirv.BuiltIn(rg.builtin); rg.builtin != noBuiltin && p.builtinLoads[in.id] && uniformBuiltin(b) &&
				!(b == spirv.BuiltInWorkgroupId && p.batch > 1) {
				p.uni[in.id] = true
			}
		}
		return
	}
	ids, ok := p.pureIDs(in)
	if !ok {
		return
	}
	for _, id := range ids {
		if !p.uniform(id) {
			return
		}
	}
	p.uni[in.id] = true
}

// uniformBuiltin says whether a built-in input is the same for every lane
// of a group.
func uniformBuiltin(b spirv.BuiltIn) bool {
	switch b {
	case spirv.BuiltInWorkgroupId, spirv.BuiltInNumWorkgroups, spirv.BuiltInWorkgroupSize,
		spirv.BuiltInSubgroupSize, spirv.BuiltInSubgroupMaxSize, spirv.BuiltInNumSubgroups:
		return true
	}
	return false
}

// uniformLoop binds an element-wise loop whose operands include uniform
// ones, or returns nil. offs are the operands' first rows; a scalar operand
// of a vector operation (bcast) has one component for all.
func (p *prep) uniformLoop(key loopKey, dst int, offs []int, bcast []bool, args []uint32, comps int, w intw) func(*state) {
	L := p.lanes
	if L < 2 || p.uni == nil || !p.on(optUniform) {
		return nil
	}
	uni := make([]bool, len(args))
	all, none := true, true
	for i, id := range args {
		uni[i] = p.uniform(id)
		all = all && uni[i]
		none = none && !uni[i]
	}
	if none {
		return nil
	}
	// at is the first row of component c of operand i.
	step := make([]int, len(offs))
	for i := range offs {
		if !bcast[i] {
			step[i] = L
		}
	}
	if all {
		return p.uniformAll(key, dst, offs, step, comps, w)
	}
	x, y := offs[0], 0
	sx, sy := step[0], 0
	if len(offs) > 1 {
		y, sy = offs[1], step[1]
	}
	switch {
	case len(offs) == 2 && !uni[0]:
		f := loops2vs[key]
		if f == nil {
			return nil
		}
		if comps == 1 {
			return func(s *state) {
				lo, hi := s.span()
				f(s.r[dst+lo:dst+hi], s.r[x+lo:x+hi], s.r[y], w)
			}
		}
		return func(s *state) {
			lo, hi := s.span()
			for c := range comps {
				a := x + sx*c
				f(s.r[dst+c*L+lo:dst+c*L+hi], s.r[a+lo:a+hi], s.r[y+sy*c], w)
			}
		}
	case len(offs) == 2:
		f := loops2sv[key]
		if f == nil {
			return nil
		}
		if comps == 1 {
			return func(s *state) {
				lo, hi := s.span()
				f(s.r[dst+lo:dst+hi], s.r[x], s.r[y+lo:y+hi], w)
			}
		}
		return func(s *state) {
			lo, hi := s.span()
			for c := range comps {
				b := y + sy*c
				f(s.r[dst+c*L+lo:dst+c*L+hi], s.r[x+sx*c], s.r[b+lo:b+hi], w)
			}
		}
	case len(offs) == 3 && !uni[0] && uni[1] && uni[2]:
		f := loops3vss[key]
		if f == nil {
			return nil
		}
		z, sz := offs[2], step[2]
		return func(s *state) {
			lo, hi := s.span()
			for c := range comps {
				a := x + sx*c
				f(s.r[dst+c*L+lo:dst+c*L+hi], s.r[a+lo:a+hi], s.r[y+sy*c], s.r[z+sz*c], w)
			}
		}
	}
	return nil
}

// uniformAll computes one lane of an operation on uniform operands and
// broadcasts it over the row.
func (p *prep) uniformAll(key loopKey, dst int, offs, step []int, comps int, w intw) func(*state) {
	L := p.lanes
	one := func(s *state, i, c int) []uint64 {
		o := offs[i] + step[i]*c
		return s.r[o : o+1]
	}
	var lane func(s *state, d []uint64, c int)
	switch len(offs) {
	case 1:
		if f := loops1[key]; f != nil {
			lane = func(s *state, d []uint64, c int) { f(d, one(s, 0, c), w) }
		}
	case 2:
		if f := loops2[key]; f != nil {
			lane = func(s *state, d []uint64, c int) { f(d, one(s, 0, c), one(s, 1, c), w) }
		}
	case 3:
		if f := loops3[key]; f != nil {
			lane = func(s *state, d []uint64, c int) { f(d, one(s, 0, c), one(s, 1, c), one(s, 2, c), w) }
		}
	}
	if lane == nil {
		return nil
	}
	need := make([]*bool, comps)
	for c := range need {
		need[c] = p.rowFlag(dst/L + c)
	}
	return func(s *state) {
		for c := range comps {
			d := s.r[dst+c*L : dst+(c+1)*L]
			lane(s, d[:1], c)
			if !*need[c] {
				continue // read as one slot only
			}
			v := d[0]
			for i := 1; i < len(d); i++ {
				d[i] = v
			}
		}
	}
}

// rowFlag is the flag that says some instruction reads row r whole; it is
// final once Prepare has compiled every instruction.
func (p *prep) rowFlag(r int) *bool {
	f := p.need[r]
	if f == nil {
		f = new(bool)
		if p.need != nil {
			p.need[r] = f
		}
	}
	return f
}

// readsRows marks the rows of id as read whole by the instruction being
// compiled.
func (p *prep) readsRows(id uint32) {
	if p.need == nil || p.noMark > 0 {
		return
	}
	r, ok := p.row[id]
	if !ok {
		return
	}
	n := 1
	if t := p.vtype[id]; t != nil {
		n = max(t.comps, 1)
	}
	for c := range n {
		*p.rowFlag(r + c) = true
	}
}
