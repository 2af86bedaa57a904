package host

import "github.com/clgo/clgo/spirv"

// Sparse affine rows. An affine index (affine.go) is known from a few lanes:
// lane 0 and the first lane one step along each dimension of the group
// (the samples). Accesses with affine indices and range-decided branches
// (condtree.go) read only those lanes, so an affine value whose every
// reader is one of them, or another such affine value, computes only its
// samples: built-in ids and the additions and products of index
// arithmetic cost a few lanes instead of a row. Where such a reader must
// go lane by lane after all (a partial mask, a range that fails its check,
// an undecided branch), it first fills the rows it reads from their
// samples (dense). Which values are sparse is known once every instruction
// is compiled (finishSparse). When a prologue faulted, everything computes
// whole rows, as without this.

// sparse is the state of one affine value's rows.
type sparse struct {
	on    bool // the value is affine (set once its instruction is compiled)
	whole bool // some reader needs every lane
	row   int  // its first slot
}

// active says the value computes only its samples.
func (sp *sparse) active() bool { return sp != nil && sp.on && !sp.whole }

// rowRead records that an instruction (0: one that is not an affine-aware
// reader) reads a row.
type rowRead struct {
	reader uint32
	row    int
}

// samples are the lanes an affine value is known from.
func samples(dims [4]int) []int {
	out := []int{0}
	first := [4]int{1, dims[0], dims[0] * dims[1], dims[0] * dims[1] * dims[2]}
	for d := range 4 {
		if dims[d] > 1 {
			out = append(out, first[d])
		}
	}
	return out
}

// sparseArith returns the sample-lane form of an index operation whose
// operands are affine or uniform and whose result is a 32-bit scalar, or
// nil; it registers the value as a sparse candidate.
func (p *prep) sparseArith(in *inst, gen func(*state)) func(*state) {
	switch in.op {
	case spirv.OpIAdd, spirv.OpISub, spirv.OpIMul, spirv.OpShiftLeftLogical:
	default:
		return gen
	}
	a := in.args
	t := p.vtype[in.id]
	if p.sparse == nil || !p.on(optSparse) || len(a) != 2 || t == nil || t.op != spirv.OpTypeInt || t.width != 32 || t.comps != 1 ||
		!p.affine(a[0]) || !p.affine(a[1]) || p.uniform(a[0]) && p.uniform(a[1]) {
		return gen
	}
	L := p.lanes
	dst := p.rowAt(in.id) * L
	x, y := p.rowAt(a[0])*L, p.rowAt(a[1])*L
	mx, my := 1, 1 // uniform operands are read from slot 0
	if p.uniform(a[0]) {
		mx = 0
	}
	if p.uniform(a[1]) {
		my = 0
	}
	sp := &sparse{row: dst}
	p.sparse[in.id], p.sparseRow[dst] = sp, sp
	lanes := samples(p.k.dims)
	op := in.op
	return func(s *state) {
		if !sp.active() || s.redo || !s.full {
			gen(s)
			return
		}
		for _, l := range lanes {
			A, B := uint32(s.r[x+l*mx]), uint32(s.r[y+l*my])
			var v uint32
			switch op {
			case spirv.OpIAdd:
				v = A + B
			case spirv.OpISub:
				v = A - B
			case spirv.OpIMul:
				v = A * B
			default:
				v = uint32(uint64(A) << B) // as the lane loop does
			}
			s.r[dst+l] = uint64(v)
		}
	}
}

// sparseBuiltin returns the sample-lane form of a load of an affine
// built-in id component into dst, registering it as a sparse candidate.
func (p *prep) sparseBuiltin(in *inst, b spirv.BuiltIn, c, dst int, gen func(*state)) func(*state) {
	switch b {
	case spirv.BuiltInGlobalInvocationId, spirv.BuiltInLocalInvocationId, spirv.BuiltInLocalInvocationIndex,
		spirv.BuiltInWorkgroupId:
	default:
		return gen
	}
	if p.sparse == nil || !p.on(optSparse) {
		return gen
	}
	sp := &sparse{row: dst}
	p.sparse[in.id], p.sparseRow[dst] = sp, sp
	lanes := samples(p.k.dims)
	return func(s *state) {
		if !sp.active() || s.redo || !s.full {
			gen(s)
			return
		}
		for _, l := range lanes {
			s.r[dst+l] = s.builtin(uint32(b), c, l)
		}
	}
}

// dense fills a sparse value's row from its samples (lane l holds
// x0 + the factors times l's local ids and group in the batch).
func (s *state) dense(sp *sparse) {
	if !sp.active() || s.redo {
		return
	}
	local := s.k.dims
	first := [4]int{1, local[0], local[0] * local[1], local[0] * local[1] * local[2]}
	x := s.r[sp.row : sp.row+s.lanes]
	x0 := uint32(x[0])
	var c [4]uint32
	for d := range 4 {
		if local[d] > 1 {
			c[d] = uint32(x[first[d]]) - x0
		}
	}
	s.affineRow(x, x0, c)
}

// sparseOf returns the sparse state of the rows id lives in (an alias or a
// forwarded load lives in another value's rows), or nil.
func (p *prep) sparseOf(id uint32) *sparse {
	r, ok := p.rowOf(id)
	if !ok {
		return nil
	}
	return p.sparseRow[r*p.lanes]
}

// fullRead records that rows of ids are read whole by code that cannot
// take samples.
func (p *prep) fullRead(ids ...uint32) {
	for _, id := range ids {
		r, ok := p.rowOf(id)
		if !ok {
			continue
		}
		n := 1
		if t := p.vtype[id]; t != nil {
			n = max(t.comps, 1)
		}
		for c := range n { // each row, as readsRows
			p.reads = append(p.reads, rowRead{row: r + c})
		}
	}
}

// finishSparse decides which candidates stay sparse: a row is read whole
// when some reader is neither a deferred comparison nor a sparse value
// whose own row is not read whole.
func (p *prep) finishSparse() {
	if p.sparse == nil {
		return
	}
	whole := map[int]bool{}
	reads := func(id uint32) bool { // id reads only samples
		if p.leaves[id] {
			return true
		}
		sp := p.sparse[id]
		return sp != nil && sp.on && !whole[p.row[id]]
	}
	for changed := true; changed; {
		changed = false
		for _, rd := range p.reads {
			if !whole[rd.row] && (rd.reader == 0 || !reads(rd.reader)) {
				whole[rd.row], changed = true, true
			}
		}
	}
	for id, sp := range p.sparse {
		sp.whole = whole[p.row[id]]
	}
}
