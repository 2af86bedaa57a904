package host

import "github.com/clgo/clgo/spirv"

// noBuiltin marks a region that is not a built-in input.
const noBuiltin = ^uint32(0)

// Built-in inputs are values, not memory: a load of a 32-bit component at a
// constant offset computes the component's row directly. The region's
// memory is filled per work-group only when some access needs it.

// builtinLoad compiles a load from a built-in input, or returns nil.
func (p *prep) builtinLoad(in *inst, dst int, t *typ) func(*state) {
	r := p.staticRegion(in.args[0])
	if r < 0 || p.k.regions[r].kind != regionLane || p.k.regions[r].builtin == noBuiltin {
		return nil
	}
	base, ok := p.coff[in.args[0]]
	if !ok {
		return nil
	}
	rg := &p.k.regions[r]
	comps := make([]int, len(t.leaves))
	for i, lf := range t.leaves {
		o := int(base) + lf.off
		if lf.bytes != 4 || lf.bool || o < 0 || o%4 != 0 || o/4 >= max(rg.t.comps, 1) || rg.t.leaves[0].bytes != 4 {
			return nil
		}
		comps[i] = o / 4
	}
	b := spirv.BuiltIn(rg.builtin)
	L := p.lanes
	if p.builtinLoads != nil {
		p.builtinLoads[in.id] = true
	}
	run := func(s *state) {
		for i, c := range comps {
			s.builtinRow(b, c, s.r[dst+i*L:dst+(i+1)*L])
		}
	}
	if uniformBuiltin(b) && !(b == spirv.BuiltInWorkgroupId && p.batch > 1) && p.uni != nil && p.on(optUniform) && L > 1 {
		// One value for the group (uniform.go): slot 0, or the whole row
		// where some instruction reads it whole. Whether readers take it
		// as uniform is known once it is hoisted (functions.go sets uni).
		need := make([]*bool, len(comps))
		for i := range need {
			need[i] = p.rowFlag(dst/L + i)
		}
		uni := new(bool)
		p.uniBuiltin[in.id] = uni
		return func(s *state) {
			if s.redo || !*uni {
				run(s)
				return
			}
			for i, c := range comps {
				v := s.builtin(uint32(b), c, 0)
				if !*need[i] {
					s.r[dst+i*L] = v
					continue
				}
				fillRow(s.r[dst+i*L:dst+(i+1)*L], v)
			}
		}
	}
	return run
}

// builtinRow writes component c of built-in b for every lane.
// affineRow sets d[l] = base + f·(local ids of l, place of l's group in
// the batch), in 32 bits.
func (s *state) affineRow(d []uint64, base uint32, f [4]uint32) {
	l0, l1, l2, gj := s.lid[0][:len(d)], s.lid[1][:len(d)], s.lid[2][:len(d)], s.gj[:len(d)]
	for l := range d {
		d[l] = uint64(base + f[0]*l0[l] + f[1]*l1[l] + f[2]*l2[l] + f[3]*gj[l])
	}
}

func (s *state) builtinRow(b spirv.BuiltIn, c int, d []uint64) {
	k := s.k
	if c > 2 {
		// Only the sub-group masks have a fourth component.
		for l := range d {
			d[l] = s.builtin(uint32(b), c, l)
		}
		return
	}
	// The ids are affine in the lanes' local ids and places in a batch.
	var f [4]uint32
	switch b {
	case spirv.BuiltInGlobalInvocationId:
		f[c] = 1
		if c == 0 {
			f[3] = uint32(k.local[0])
		}
		s.affineRow(d, s.group[c]*uint32(k.local[c])+s.shift[c], f)
		return
	case spirv.BuiltInLocalInvocationId:
		f[c] = 1
		s.affineRow(d, 0, f)
		return
	case spirv.BuiltInSubgroupLocalInvocationId, spirv.BuiltInSubgroupId, spirv.BuiltInSubgroupEqMask, spirv.BuiltInSubgroupGeMask,
		spirv.BuiltInSubgroupGtMask, spirv.BuiltInSubgroupLeMask, spirv.BuiltInSubgroupLtMask:
		if b != spirv.BuiltInSubgroupLocalInvocationId || k.nLocal > SubgroupWidth {
			// Per lane: these restart at each sub-group.
			for l := range d {
				d[l] = s.builtin(uint32(b), c, l)
			}
			return
		}
		f = [4]uint32{1, uint32(k.local[0]), uint32(k.local[0] * k.local[1]), 0}
		s.affineRow(d, 0, f)
		return
	case spirv.BuiltInLocalInvocationIndex:
		f = [4]uint32{1, uint32(k.local[0]), uint32(k.local[0] * k.local[1]), 0}
		s.affineRow(d, 0, f)
		return
	case spirv.BuiltInWorkgroupId:
		if c == 0 && k.batch > 1 {
			s.affineRow(d, s.group[0], [4]uint32{0, 0, 0, 1})
			return
		}
		fallthrough
	default:
		fillRow(d, s.builtin(uint32(b), c, 0))
	}
}

// fillRow sets every lane of d to v: a short loop, then copies that double
// the filled part (memmove moves many lanes per instruction; the lane loop
// one).
func fillRow(d []uint64, v uint64) {
	n := min(len(d), 32)
	for l := range d[:n] {
		d[l] = v
	}
	for n < len(d) {
		n += copy(d[n:], d[:n])
	}
}

// useMemory notes that an instruction reads a pointer id other than through
// a specialized load, so a built-in region it points into must be filled.
func (p *prep) useMemory(ids ...uint32) {
	for _, id := range ids {
		if r, ok := p.region[id]; ok && r < len(p.k.regions) && p.k.regions[r].builtin != noBuiltin {
			p.k.regions[r].mem = true
		}
	}
}
