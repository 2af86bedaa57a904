package host

import (
	"slices"

	"github.com/clgo/clgo/spirv"
)

// Copy elision. A value that is only some rows of another, in order (a
// composite extract, a copy, a same-width bitcast, a construct or shuffle of consecutive rows of
// one value), lives in those rows instead of a copy of them. This is safe
// per lane: the operand's definition dominates the value's, so a lane that
// runs the operand's definition again runs the value's before any use of it
// (a path around it would also reach the use from the entry); and a lane
// that is inactive while the operand's rows are rewritten keeps its slots
// (loads and phis write only active lanes, pure operations recompute the
// same value). Pointers keep their own rows: fused access chains have none.

// aliasRow returns the first row of an operand that holds every component
// of in's result in order.
func (p *prep) aliasRow(in *inst, t *typ) (int, bool) {
	if t.op == spirv.OpTypePointer || p.lanes == 0 {
		return 0, false
	}
	a := in.args
	var rows []int
	// add appends the rows of components [first, first+n) of value id.
	add := func(id uint32, first, n int) bool {
		r, ok := p.row[id]
		if !ok || p.vtype[id] == nil {
			return false
		}
		for c := range n {
			rows = append(rows, r+first+c)
		}
		return true
	}
	switch in.op {
	case spirv.OpCopyObject, spirv.OpCopyLogical:
		if len(a) < 1 || !add(a[0], 0, t.comps) {
			return 0, false
		}
	case spirv.OpBitcast: // between scalars of one width: the same bits
		if len(a) < 1 {
			return 0, false
		}
		st := p.vtype[a[0]]
		if st == nil || st.op == spirv.OpTypePointer || st.comps != t.comps || st.scalar().width != t.scalar().width ||
			!add(a[0], 0, t.comps) {
			return 0, false
		}
	case spirv.OpCompositeExtract:
		if len(a) < 2 || p.vtype[a[0]] == nil {
			return 0, false
		}
		first, pt, err := p.path(p.vtype[a[0]], a[1:])
		if err != nil || pt.comps != t.comps || !add(a[0], first, t.comps) {
			return 0, false
		}
	case spirv.OpCompositeConstruct:
		for _, id := range a {
			if p.vtype[id] == nil || !add(id, 0, p.vtype[id].comps) {
				return 0, false
			}
		}
	case spirv.OpVectorShuffle:
		if len(a) < 2 || p.vtype[a[0]] == nil || p.vtype[a[1]] == nil {
			return 0, false
		}
		n1, n2 := p.vtype[a[0]].comps, p.vtype[a[1]].comps
		for _, x := range a[2:] {
			var ok bool
			switch {
			case int(x) < n1:
				ok = add(a[0], int(x), 1)
			case int(x) < n1+n2:
				ok = add(a[1], int(x)-n1, 1)
			}
			if !ok {
				return 0, false
			}
		}
	default:
		return 0, false
	}
	if len(rows) != t.comps || len(rows) == 0 {
		return 0, false
	}
	for i, r := range rows {
		if r != rows[0]+i {
			return 0, false
		}
	}
	return rows[0], true
}

// Placement. A composite construct of values that get rows of their own
// copies them, unless they already lie in consecutive rows. So the
// operands' rows are laid out in the construct's own (reserved when its
// first operand is given rows): the construct is then an alias of them.
// A construct may itself be placed in another. Values whose rows are
// decided otherwise (aliases, phis, parameters,
// constants) are not placed; a construct whose operands did not all land
// in place copies them as before, into its reserved rows.

// placement says where a value's rows lie in a construct's.
type placement struct {
	in  uint32 // the construct
	off int    // the first row of the value in the construct's
}

// findPlacements fills p.place for the constructs of raws.
func (p *prep) findPlacements(raws []*rawFunc) {
	p.place, p.reserved = map[uint32]placement{}, map[uint32]int{}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				if in.op != spirv.OpCompositeConstruct || in.id == 0 {
					continue
				}
				t := p.types[in.typ]
				if t == nil || t.op == spirv.OpTypePointer || t.comps == 0 {
					continue
				}
				off, ok := 0, true
				var place []uint32
				for _, id := range in.args {
					d := p.defs[id]
					var ot *typ
					if d != nil {
						ot = p.types[d.typ]
					}
					if ot == nil || ot.comps == 0 || ot.op == spirv.OpTypePointer {
						ok = false
						break
					}
					if _, seen := p.place[id]; !seen && placeable(d) && !slices.Contains(place, id) {
						p.place[id] = placement{in: in.id, off: off}
						place = append(place, id)
					}
					off += ot.comps
				}
				if !ok || off != t.comps {
					for _, id := range place {
						delete(p.place, id)
					}
				}
			}
		}
	}
}

// placeable says whether an instruction's result may get its rows in a
// construct's.
func placeable(d *inst) bool {
	switch d.op {
	case spirv.OpPhi, spirv.OpFunctionParameter, spirv.OpVariable, spirv.OpUndef, spirv.OpFunctionCall,
		spirv.OpConstant, spirv.OpConstantComposite, spirv.OpConstantTrue, spirv.OpConstantFalse, spirv.OpConstantNull,
		spirv.OpSpecConstant, spirv.OpSpecConstantComposite, spirv.OpSpecConstantOp, spirv.OpSpecConstantTrue, spirv.OpSpecConstantFalse:
		return false
	}
	return d.id != 0
}

// reserve returns the first row of a construct's rows, reserving them on
// first use (within the rows of the construct it is placed in, if any).
func (p *prep) reserve(id uint32) int {
	if r, ok := p.reserved[id]; ok {
		return r
	}
	var r int
	if pl, ok := p.place[id]; ok {
		r = p.reserve(pl.in) + pl.off
	} else {
		r = p.fresh(id, p.types[p.defs[id].typ].comps)
	}
	p.reserved[id] = r
	return r
}
