package host

import "github.com/clgo/clgo/spirv"

// Uniform control flow. The entry function starts with every lane active.
// When every branch condition and switch selector in it is lane-uniform, no
// branch ever splits the lanes, so every instruction of it runs under the
// full mask. Then values computed in place (not hoisted) are uniform by the
// same rules as hoisted ones, and more: a load at a uniform address reads
// one location for all lanes at one moment (lanes run in lock step), and a
// promoted variable whose every store stores a uniform value holds one
// value (loop counters). Such values are marked uniform before compiling,
// so element-wise operations read them as one slot (uniform.go), a
// promoted uniform variable is loaded and stored as one slot, a load at a
// uniform address reads lane 0's location once, and branches on them read
// one slot. Affine indices computed in place are affine too (affine.go).
//
// Uniformity is the greatest fixed point: phis and variables start uniform
// and lose it when some incoming or stored value is not, so a counter
// (0, then itself plus a uniform step) stays uniform, as it is.

// findUniformFlow fills p.uni, p.uniVar and p.uniFlow for the entry function
// rf. Value types and rows are known.
func (p *prep) findUniformFlow(rf *rawFunc) {
	vars := map[uint32]bool{}
	for _, rb := range rf.blocks {
		for _, in := range rb.body {
			if in.op == spirv.OpVariable {
				if _, ok := p.promoted[in.id]; ok && !p.dynVar(in.id) {
					vars[in.id] = true // not one with variable indices: its elements are per lane
				}
			}
		}
	}
	// varOf is the variable a store writes, whole or a field of it.
	varOf := func(ptr uint32) uint32 {
		if pt, ok := p.promotedPart[ptr]; ok {
			return pt.v
		}
		return ptr
	}
	// ptr: pointers a load through gives every lane the same value.
	var uni, ptr map[uint32]bool
	isUni := func(id uint32) bool {
		if _, ok := p.consts[id]; ok {
			return true
		}
		return uni[id]
	}
	for {
		prev := uni
		uni, ptr = map[uint32]bool{}, map[uint32]bool{}
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				if in.id == 0 {
					continue
				}
				if p.uniformIn(in, vars, prev, isUni, ptr) {
					uni[in.id] = true
				}
			}
		}
		changed := false
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				if in.op == spirv.OpStore && len(in.args) > 1 && vars[varOf(in.args[0])] && !isUni(in.args[1]) {
					delete(vars, varOf(in.args[0]))
					changed = true
				}
			}
		}
		if !changed && sameSet(prev, uni) {
			break
		}
	}
	for _, rb := range rf.blocks {
		t := rb.body[len(rb.body)-1]
		switch t.op {
		case spirv.OpBranchConditional, spirv.OpSwitch:
			if len(t.args) == 0 || !isUni(t.args[0]) {
				return // a branch may split the lanes
			}
		}
	}
	p.uniFlow, p.uniVar = true, vars
	for id := range uni {
		if t := p.vtype[id]; t != nil && t.op != spirv.OpTypePointer {
			p.uni[id] = true
		}
	}
}

// uniformIn says whether the result of in is uniform under uniform control
// flow; pointers through which loads are uniform go into ptr. prev holds
// the previous round's values (nil in the first: phis start uniform).
func (p *prep) uniformIn(in *inst, vars, prev map[uint32]bool, isUni func(uint32) bool, ptr map[uint32]bool) bool {
	a := in.args
	isPtr := func(id uint32) bool {
		if ptr[id] || p.uni[id] {
			return true // p.uni holds the pointers of shared-region variables now
		}
		r, ok := p.region[id]
		if _, isVar := p.coff[id]; !ok || !isVar {
			return false // before compiling, coff holds just the variables
		}
		rg := &p.k.regions[r]
		b := spirv.BuiltIn(rg.builtin)
		return rg.builtin != noBuiltin && uniformBuiltin(b) && !(b == spirv.BuiltInWorkgroupId && p.batch > 1)
	}
	switch in.op {
	case spirv.OpPhi:
		for j := 0; j+1 < len(a); j += 2 {
			if _, c := p.consts[a[j]]; c {
				continue
			}
			if prev != nil && !prev[a[j]] {
				return false
			}
		}
		return true
	case spirv.OpLoad:
		if _, ok := p.promoted[a[0]]; ok {
			return vars[a[0]]
		}
		if pt, ok := p.promotedPart[a[0]]; ok {
			return vars[pt.v]
		}
		return isPtr(a[0])
	case spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain:
		if !isPtr(a[0]) {
			return false
		}
		for _, id := range a[1:] {
			if !isUni(id) {
				return false
			}
		}
		ptr[in.id] = true
		return false
	}
	ids, ok := p.pureIDs(in)
	if !ok {
		return false
	}
	for _, id := range ids {
		if !isUni(id) {
			return false
		}
	}
	return true
}

func sameSet(a, b map[uint32]bool) bool {
	if a == nil || len(a) != len(b) {
		return false
	}
	for id := range a {
		if !b[id] {
			return false
		}
	}
	return true
}
