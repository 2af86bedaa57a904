package host

import "github.com/clgo/clgo/spirv"

// Fused addressing. An OpAccessChain into a buffer, push-constant or
// Workgroup variable with one or two dynamic 32-bit indices, whose result
// is used only as the pointer of loads and stores of 32-bit leaves, is not
// computed into a row: each such load and store computes the offset per
// lane from the index rows itself, exactly as the chain would (the
// sign-extended indices times their strides plus the constant part, modulo
// 2^48), then checks bounds as usual.

// addr is a fused access chain.
type addr struct {
	rg   int   // region of the base variable
	base int64 // constant byte offset
	idx  [2]int
	id   [2]uint32 // the index values
	st   [2]int64
	n    int // dynamic indices: 1 or 2
}

// findFused records the access chains of raws that loads and stores can
// compute themselves. Value types and rows are known.
func (p *prep) findFused(raws []*rawFunc) {
	p.fused = map[uint32]*addr{}
	uses := map[uint32]int{}
	memUses := map[uint32]int{}
	var chains []*inst
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				for _, id := range in.args {
					uses[id]++
				}
				switch in.op {
				case spirv.OpLoad:
					if len(in.args) > 0 && p.fusableValue(p.vtype[in.id]) {
						memUses[in.args[0]]++
					}
				case spirv.OpStore:
					if len(in.args) > 1 && p.fusableValue(p.vtype[in.args[1]]) {
						memUses[in.args[0]]++
					}
				case spirv.OpAccessChain, spirv.OpInBoundsAccessChain:
					chains = append(chains, in)
				}
			}
		}
	}
	for _, in := range chains {
		if uses[in.id] == 0 || uses[in.id] != memUses[in.id] {
			continue
		}
		if a := p.fusableChain(in); a != nil {
			p.fused[in.id] = a
		}
	}
}

// fusableValue says a loaded or stored value has only number leaves
// (booleans are stored as words and read as 0 or 1: not fused).
func (p *prep) fusableValue(t *typ) bool {
	if t == nil || t.comps == 0 || !littleEndian {
		return false
	}
	for _, lf := range t.leaves {
		if lf.bool {
			return false
		}
	}
	return true
}

// fusableChain returns the fused form of an access chain, or nil.
func (p *prep) fusableChain(in *inst) *addr {
	if len(in.args) < 2 {
		return nil
	}
	r, ok := p.region[in.args[0]]
	if _, isVar := p.coff[in.args[0]]; !ok || !isVar {
		// Only chains on a module variable itself, whose pointer is the
		// region's start (coff holds just those before compiling).
		return nil
	}
	switch p.k.regions[r].kind {
	case regionBuffer, regionPush, regionWorkgroup:
	default:
		return nil
	}
	pt := p.vtype[in.args[0]]
	if pt == nil || pt.op != spirv.OpTypePointer {
		return nil
	}
	a := &addr{rg: r}
	cur := pt.elem
	for _, id := range in.args[1:] {
		c, isConst := p.consts[id]
		switch cur.op {
		case spirv.OpTypeStruct:
			if !isConst || c[0] >= uint64(len(cur.members)) {
				return nil
			}
			a.base += int64(cur.offs[c[0]])
			cur = cur.members[c[0]]
			continue
		case spirv.OpTypeArray, spirv.OpTypeRuntimeArray, spirv.OpTypeVector, spirv.OpTypeMatrix:
		default:
			return nil
		}
		it := p.vtype[id]
		if it == nil {
			return nil
		}
		if isConst {
			a.base += sx(c[0], widthOf(it.width)) * int64(cur.stride)
		} else {
			row, ok := p.rowOf(id)
			if !ok || it.width != 32 || it.comps != 1 || a.n == 2 {
				return nil
			}
			p.readsRows(id)
			a.idx[a.n], a.id[a.n], a.st[a.n] = row*p.lanes, id, int64(cur.stride)
			a.n++
		}
		cur = cur.elem
	}
	if a.n == 0 {
		return nil
	}
	return a
}

// offsets writes the byte offset of every active lane's pointer into o
// (inactive lanes get garbage).
func (a *addr) offsets(s *state, o []uint64) {
	L := len(o)
	x := s.r[a.idx[0] : a.idx[0]+L]
	base, st := a.base, a.st[0]
	if a.n == 1 {
		for l := range o {
			o[l] = uint64(base+int64(int32(x[l]))*st) & offMask
		}
		return
	}
	y, st1 := s.r[a.idx[1]:a.idx[1]+L], a.st[1]
	y = y[:L]
	for l := range o {
		o[l] = uint64(base+int64(int32(x[l]))*st+int64(int32(y[l]))*st1) & offMask
	}
}

// loadFused compiles a load of a value of type t through a fused chain.
func (p *prep) loadFused(dst int, t *typ, a *addr) func(*state) {
	offs, ok := words32(t)
	if !ok {
		return p.loadFusedLeaves(dst, t, a)
	}
	L := p.lanes
	size := uint64(t.size)
	rg := a.rg
	ptr := uint64(rg) << offBits
	if a.n == 1 && len(offs) == 1 && offs[0] == 0 {
		x0, base, st := a.idx[0], a.base, a.st[0]
		aff := p.affineReads(a)
		local := p.k.dims
		return func(s *state) {
			d, x := s.r[dst:dst+L], s.r[x0:x0+L]
			m := s.regions[rg]
			n := uint64(len(m))
			if aff && s.full && !s.redo {
				if lo, step, ok := s.affineSpan(a, 4, n); ok {
					affineLoad32(d, m, lo, step, local)
					return
				}
			}
			if aff {
				if lo, hi, ok := s.run(); ok && !s.redo && s.runLoad32(d[lo:hi], m, x[lo:hi], base, st) {
					return
				}
			}
			// Every lane, or a run of them: no mask to test.
			lo, hi, whole := 0, len(d), s.full
			if !whole {
				lo, hi, whole = s.run()
			}
			if whole {
				d, x := d[lo:hi], x[lo:hi]
				x = x[:len(d)]
				for l := range d {
					o := uint64(base+int64(int32(x[l]))*st) & offMask
					if o+4 > n {
						s.fault(ptr|o, 4)
					}
					d[l] = uint64(*at32(m, o))
				}
				return
			}
			if s.sparse() {
				for _, l := range s.idx {
					o := uint64(base+int64(int32(x[l]))*st) & offMask
					if o+4 > n {
						s.fault(ptr|o, 4)
					}
					d[l] = uint64(*at32(m, o))
				}
				return
			}
			for l, on := range s.mask {
				if on {
					o := uint64(base+int64(int32(x[l]))*st) & offMask
					if o+4 > n {
						s.fault(ptr|o, 4)
					}
					d[l] = uint64(*at32(m, o))
				}
			}
		}
	}
	if a.n == 2 && len(offs) == 1 && offs[0] == 0 {
		x0, y0, base, st, st1 := a.idx[0], a.idx[1], a.base, a.st[0], a.st[1]
		aff := p.affineReads(a)
		local := p.k.dims
		return func(s *state) {
			d, x, y := s.r[dst:dst+L], s.r[x0:x0+L], s.r[y0:y0+L]
			m := s.regions[rg]
			n := uint64(len(m))
			if aff && s.full && !s.redo {
				if lo, step, ok := s.affineSpan(a, 4, n); ok {
					affineLoad32(d, m, lo, step, local)
					return
				}
			}
			x, y = x[:len(d)], y[:len(d)]
			for l := range d {
				if s.full || s.mask[l] {
					o := uint64(base+int64(int32(x[l]))*st+int64(int32(y[l]))*st1) & offMask
					if o+4 > n {
						s.fault(ptr|o, 4)
					}
					d[l] = uint64(*at32(m, o))
				}
			}
		}
	}
	aff := p.affineReads(a)
	local := p.k.dims
	return func(s *state) {
		m := s.regions[rg]
		n := uint64(len(m))
		if aff && s.full && !s.redo {
			if lo, step, ok := s.affineSpan(a, size, n); ok {
				for c, wo := range offs {
					affineLoad32(s.r[dst+c*L:dst+(c+1)*L], m, lo+int64(wo), step, local)
				}
				return
			}
		}
		o := s.tmpOff[:L]
		a.offsets(s, o)
		for l, on := range s.mask {
			if !s.full && !on {
				continue
			}
			if o[l]+size > n {
				s.fault(ptr|o[l], int(size))
			}
			for c, lo := range offs {
				s.r[dst+c*L+l] = uint64(*at32(m, o[l]+lo))
			}
		}
	}
}

// storeFused compiles a store of a value of type t through a fused chain.
func (p *prep) storeFused(a *addr, t *typ, src int) func(*state) {
	offs, ok := words32(t)
	if !ok {
		return p.storeFusedLeaves(a, t, src)
	}
	L := p.lanes
	size := uint64(t.size)
	rg := a.rg
	ptr := uint64(rg) << offBits
	if a.n == 1 && len(offs) == 1 && offs[0] == 0 {
		x0, base, st := a.idx[0], a.base, a.st[0]
		aff := p.affineReads(a)
		local := p.k.dims
		return func(s *state) {
			v, x := s.r[src:src+L], s.r[x0:x0+L]
			m := s.regions[rg]
			n := uint64(len(m))
			if aff && s.full && !s.redo {
				if lo, step, ok := s.affineSpan(a, 4, n); ok {
					affineStore32(v, m, lo, step, local)
					return
				}
			}
			if aff {
				if lo, hi, ok := s.run(); ok && !s.redo && s.runStore32(v[lo:hi], m, x[lo:hi], base, st) {
					return
				}
			}
			lo, hi, whole := 0, len(v), s.full
			if !whole {
				lo, hi, whole = s.run()
			}
			if whole {
				v, x := v[lo:hi], x[lo:hi]
				x = x[:len(v)]
				for l := range v {
					o := uint64(base+int64(int32(x[l]))*st) & offMask
					if o+4 > n {
						s.fault(ptr|o, 4)
					}
					*at32(m, o) = uint32(v[l])
				}
				return
			}
			if s.sparse() {
				for _, l := range s.idx {
					o := uint64(base+int64(int32(x[l]))*st) & offMask
					if o+4 > n {
						s.fault(ptr|o, 4)
					}
					*at32(m, o) = uint32(v[l])
				}
				return
			}
			for l, on := range s.mask {
				if on {
					o := uint64(base+int64(int32(x[l]))*st) & offMask
					if o+4 > n {
						s.fault(ptr|o, 4)
					}
					*at32(m, o) = uint32(v[l])
				}
			}
		}
	}
	if a.n == 2 && len(offs) == 1 && offs[0] == 0 {
		x0, y0, base, st, st1 := a.idx[0], a.idx[1], a.base, a.st[0], a.st[1]
		aff := p.affineReads(a)
		local := p.k.dims
		return func(s *state) {
			v, x, y := s.r[src:src+L], s.r[x0:x0+L], s.r[y0:y0+L]
			m := s.regions[rg]
			n := uint64(len(m))
			if aff && s.full && !s.redo {
				if lo, step, ok := s.affineSpan(a, 4, n); ok {
					affineStore32(v, m, lo, step, local)
					return
				}
			}
			x, y = x[:len(v)], y[:len(v)]
			for l := range v {
				if s.full || s.mask[l] {
					o := uint64(base+int64(int32(x[l]))*st+int64(int32(y[l]))*st1) & offMask
					if o+4 > n {
						s.fault(ptr|o, 4)
					}
					*at32(m, o) = uint32(v[l])
				}
			}
		}
	}
	aff := p.affineReads(a)
	local := p.k.dims
	return func(s *state) {
		m := s.regions[rg]
		n := uint64(len(m))
		if aff && s.full && !s.redo {
			if lo, step, ok := s.affineSpan(a, size, n); ok {
				for c, wo := range offs {
					affineStore32(s.r[src+c*L:src+(c+1)*L], m, lo+int64(wo), step, local)
				}
				return
			}
		}
		o := s.tmpOff[:L]
		a.offsets(s, o)
		for l, on := range s.mask {
			if !s.full && !on {
				continue
			}
			if o[l]+size > n {
				s.fault(ptr|o[l], int(size))
			}
			for c, lo := range offs {
				*at32(m, o[l]+lo) = uint32(s.r[src+c*L+l])
			}
		}
	}
}

// uniformLoadFused loads a uniform value (uniflow.go) under the full mask:
// every lane would read lane 0's location, so it is read once, into one
// slot per component, or whole rows where some instruction reads them
// whole. gen is the per-lane load, for partial masks and faulted prologues.
func (p *prep) uniformLoadFused(dst int, t *typ, a *addr, gen func(*state)) func(*state) {
	offs, _ := words32(t)
	L := p.lanes
	size := uint64(t.size)
	ptr := uint64(a.rg) << offBits
	need := make([]*bool, len(offs))
	for c := range need {
		need[c] = p.rowFlag(dst/L + c)
	}
	return func(s *state) {
		if s.redo || !s.full {
			gen(s)
			return
		}
		x := a.base + int64(int32(s.r[a.idx[0]]))*a.st[0]
		if a.n == 2 {
			x += int64(int32(s.r[a.idx[1]])) * a.st[1]
		}
		o := uint64(x) & offMask
		m := s.regions[a.rg]
		if o+size > uint64(len(m)) {
			s.fault(ptr|o, int(size))
		}
		for c, lo := range offs {
			v := uint64(*at32(m, o+lo))
			if !*need[c] {
				s.r[dst+c*L] = v
				continue
			}
			d := s.r[dst+c*L : dst+(c+1)*L]
			fillRow(d, v)
		}
	}
}

// affineReads says whether a fused access's indices are affine.
func (p *prep) affineReads(a *addr) bool { return p.affineAddr(a) }

// packedLeaves says whether a value's leaves are 8- or 16-bit numbers that
// fill four bytes (char4, uchar4, short2, ushort2): with affine addresses
// they move as one 32-bit word per lane. (Lanes whose words overlap race.)
func packedLeaves(t *typ) bool {
	if !littleEndian || t.size != 4 || len(t.leaves) < 2 {
		return false
	}
	off := 0
	for _, lf := range t.leaves {
		if lf.bool || lf.bytes > 2 || lf.off != off {
			return false
		}
		off += int(lf.bytes)
	}
	return off == 4
}

// loadFusedLeaves and storeFusedLeaves move values with 8-, 16- or 64-bit
// leaves (char and short vectors, long, double) through a fused chain:
// with affine indices a leaf at a time over the lanes, else lane by lane.
func (p *prep) loadFusedLeaves(dst int, t *typ, a *addr) func(*state) {
	L := p.lanes
	size := uint64(t.size)
	rg := a.rg
	ptr := uint64(rg) << offBits
	leaves := t.leaves
	aff := p.affineReads(a)
	local := p.k.dims
	packed := packedLeaves(t) && p.k.tmpRows >= 2
	return func(s *state) {
		m := s.regions[rg]
		n := uint64(len(m))
		if aff && s.full && !s.redo {
			if lo, step, ok := s.affineSpan(a, size, n); ok {
				if packed {
					// One word per lane, split into the leaves.
					w := s.tmp[:L]
					affineLoad32(w, m, lo, step, local)
					for c, lf := range leaves {
						d := s.r[dst+c*L : dst+(c+1)*L]
						loopShiftRightLogical_i_vs(d, w, uint64(8*lf.off), intw{})
						loopBitwiseAnd_i_vs(d, d, 1<<(8*lf.bytes)-1, intw{})
					}
					return
				}
				for c, lf := range leaves {
					affineLoadLeaf(s.r[dst+c*L:dst+(c+1)*L], m, lo+int64(lf.off), step, local, lf.bytes)
				}
				return
			}
		}
		o := s.tmpOff[:L]
		a.offsets(s, o)
		for l, on := range s.mask {
			if !s.full && !on {
				continue
			}
			if o[l]+size > n {
				s.fault(ptr|o[l], int(size))
			}
			for c, lf := range leaves {
				s.r[dst+c*L+l] = readLeaf(m, o[l], lf)
			}
		}
	}
}

func (p *prep) storeFusedLeaves(a *addr, t *typ, src int) func(*state) {
	L := p.lanes
	size := uint64(t.size)
	rg := a.rg
	ptr := uint64(rg) << offBits
	leaves := t.leaves
	aff := p.affineReads(a)
	local := p.k.dims
	packed := packedLeaves(t) && p.k.tmpRows >= 2
	return func(s *state) {
		m := s.regions[rg]
		n := uint64(len(m))
		if aff && s.full && !s.redo {
			if lo, step, ok := s.affineSpan(a, size, n); ok {
				if packed {
					// The leaves joined into one word per lane.
					w, x := s.tmp[:L], s.tmp[L:2*L]
					for c, lf := range leaves {
						v := s.r[src+c*L : src+(c+1)*L]
						if c == 0 {
							loopShiftLeftLogical_i32_vs(w, v, uint64(8*lf.off), intw{})
							continue
						}
						loopShiftLeftLogical_i32_vs(x, v, uint64(8*lf.off), intw{})
						loopBitwiseOr_i(w, w, x, intw{})
					}
					affineStore32(w, m, lo, step, local)
					return
				}
				for c, lf := range leaves {
					affineStoreLeaf(s.r[src+c*L:src+(c+1)*L], m, lo+int64(lf.off), step, local, lf.bytes)
				}
				return
			}
		}
		o := s.tmpOff[:L]
		a.offsets(s, o)
		for l, on := range s.mask {
			if !s.full && !on {
				continue
			}
			if o[l]+size > n {
				s.fault(ptr|o[l], int(size))
			}
			for c, lf := range leaves {
				writeLeaf(m, o[l], lf, s.r[src+c*L+l])
			}
		}
	}
}
