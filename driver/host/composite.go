package host

import "github.com/clgo/clgo/spirv"

// composite compiles the instructions that only move rows: every result row
// is a copy of some operand row.
func (p *prep) composite(in *inst) (func(*state), error) {
	if p.aliased[in.id] {
		return nil, nil // nothing to move (alias.go)
	}
	t := p.vtype[in.id]
	dst, err := p.operand(in.id)
	if err != nil {
		return nil, err
	}
	L := p.lanes
	a := in.args
	var rows []int // source register offset of each result row
	switch in.op {
	case spirv.OpCompositeConstruct:
		for _, id := range a {
			off, err := p.operand(id)
			if err != nil {
				return nil, err
			}
			for c := 0; c < p.vtype[id].comps; c++ {
				rows = append(rows, off+c*L)
			}
		}
	case spirv.OpCopyObject, spirv.OpCopyLogical:
		off, err := p.operand(a[0])
		if err != nil {
			return nil, err
		}
		for c := 0; c < t.comps; c++ {
			rows = append(rows, off+c*L)
		}
	case spirv.OpCompositeExtract:
		off, err := p.operand(a[0])
		if err != nil {
			return nil, err
		}
		first, _, err := p.path(p.vtype[a[0]], a[1:])
		if err != nil {
			return nil, err
		}
		for c := 0; c < t.comps; c++ {
			rows = append(rows, off+(first+c)*L)
		}
	case spirv.OpCompositeInsert:
		obj, err := p.operand(a[0])
		if err != nil {
			return nil, err
		}
		comp, err := p.operand(a[1])
		if err != nil {
			return nil, err
		}
		first, pt, err := p.path(t, a[2:])
		if err != nil {
			return nil, err
		}
		for c := 0; c < t.comps; c++ {
			if c >= first && c < first+pt.comps {
				rows = append(rows, obj+(c-first)*L)
			} else {
				rows = append(rows, comp+c*L)
			}
		}
	case spirv.OpVectorShuffle:
		v1, err := p.operand(a[0])
		if err != nil {
			return nil, err
		}
		v2, err := p.operand(a[1])
		if err != nil {
			return nil, err
		}
		n1 := p.vtype[a[0]].comps
		n2 := p.vtype[a[1]].comps
		for _, x := range a[2:] {
			switch {
			case int(x) < n1:
				rows = append(rows, v1+int(x)*L)
			case int(x) < n1+n2:
				rows = append(rows, v2+(int(x)-n1)*L)
			default: // 0xFFFFFFFF: undefined component
				rows = append(rows, v1)
			}
		}
	}
	if len(rows) != t.comps {
		return nil, p.errorf("operands give %d components, result has %d", len(rows), t.comps)
	}
	n := t.comps * L
	return func(s *state) {
		d := s.out(dst, n)
		for i, src := range rows {
			copy(d[i*L:(i+1)*L], s.r[src:src+L])
		}
	}, nil
}

// path finds the first row and the type of the part of a composite named by
// literal indices.
func (p *prep) path(t *typ, idx []uint32) (int, *typ, error) {
	first := 0
	for _, i := range idx {
		off, sub, err := t.compOffset(int(i))
		if err != nil {
			return 0, nil, p.errorf("%v", err)
		}
		first += off
		t = sub
	}
	return first, t, nil
}

// dynamicComponent compiles OpVectorExtractDynamic and OpVectorInsertDynamic.
func (p *prep) dynamicComponent(in *inst) (func(*state), error) {
	a := in.args
	dst, err := p.operand(in.id)
	if err != nil {
		return nil, err
	}
	vec, err := p.operand(a[0])
	if err != nil {
		return nil, err
	}
	L := p.lanes
	vt := p.vtype[a[0]]
	n := vt.comps
	if in.op == spirv.OpVectorExtractDynamic {
		idx, err := p.operand(a[1])
		if err != nil {
			return nil, err
		}
		return func(s *state) {
			d := s.out(dst, L)
			for l := range d {
				if i := s.r[idx+l]; i < uint64(n) {
					d[l] = s.r[vec+int(i)*L+l]
				} else {
					d[l] = 0
				}
			}
		}, nil
	}
	comp, err := p.operand(a[1])
	if err != nil {
		return nil, err
	}
	idx, err := p.operand(a[2])
	if err != nil {
		return nil, err
	}
	// Here a[0] is the vector and a[1] the component.
	n = p.vtype[in.id].comps
	return func(s *state) {
		d := s.out(dst, n*L)
		copy(d, s.r[vec:vec+n*L])
		for l := 0; l < L; l++ {
			if i := s.r[idx+l]; i < uint64(n) {
				d[int(i)*L+l] = s.r[comp+l]
			}
		}
	}, nil
}

// selectOp compiles OpSelect; a scalar condition selects whole values.
func (p *prep) selectOp(in *inst) (func(*state), error) {
	a := in.args
	dst, err := p.operand(in.id)
	if err != nil {
		return nil, err
	}
	var offs [3]int
	for i := range 3 {
		if offs[i], err = p.operand(a[i]); err != nil {
			return nil, err
		}
	}
	c, x, y := offs[0], offs[1], offs[2]
	L := p.lanes
	n := p.vtype[in.id].comps * L
	scalar := p.vtype[a[0]].comps == 1
	return func(s *state) {
		d := s.out(dst, n)
		for k := 0; k < n; k += L {
			cc := c + k
			if scalar {
				cc = c
			}
			cond, xs, ys, dd := s.r[cc:cc+L], s.r[x+k:x+k+L], s.r[y+k:y+k+L], d[k:k+L]
			cond, xs, ys = cond[:len(dd)], xs[:len(dd)], ys[:len(dd)]
			for l := range dd {
				// Branchless: conditions of random data do not predict.
				m := uint64(int64(cond[l]|-cond[l]) >> 63)
				dd[l] = ys[l] ^ (xs[l]^ys[l])&m
			}
		}
	}, nil
}
