package host

import "github.com/clgo/clgo/spirv"

// Function variables that are only loaded and stored whole (the compiler's
// locals and loop counters) live in register rows instead of per-lane
// memory: a load is a row copy, a store a masked row copy, and neither needs
// a pointer or a bounds check.

// maxPromoted bounds the rows of a promoted variable; maxDynPromoted
// those of an array that is also indexed by a variable (promotedyn.go).
const (
	maxPromoted    = 16
	maxDynPromoted = 64
)

// findPromotable records the Function variables of raws whose pointer is
// used only as the pointer operand of OpLoad and OpStore, or as the base of
// access chains with constant indices that are themselves used only so
// (vector and struct locals that the compiler writes one field at a time),
// or of chains with one variable index into an array or vector
// (promotedyn.go).
func (p *prep) findPromotable(raws []*rawFunc) {
	p.promoted = map[uint32]int{}
	p.promotedPart = map[uint32]part{}
	p.dynPart = map[uint32]*dynPart{}
	cand := map[uint32]*typ{}
	rtype := map[uint32]*typ{} // result types (value types are not known yet)
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				if in.id != 0 {
					rtype[in.id] = p.types[in.typ]
				}
				if in.op != spirv.OpVariable || len(in.args) == 0 || spirv.StorageClass(in.args[0]) != spirv.StorageClassFunction {
					continue
				}
				if pt := p.types[in.typ]; pt != nil && pt.elem != nil && pt.elem.comps > 0 && pt.elem.comps <= maxDynPromoted {
					cand[in.id] = pt.elem
				}
			}
		}
	}
	parts := map[uint32]part{}
	dyns := map[uint32]*dynPart{}
	bad := map[uint32]bool{}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				for i, id := range in.args {
					if _, ok := cand[id]; ok {
						switch {
						case i == 0 && (in.op == spirv.OpLoad || in.op == spirv.OpStore):
						case in.op == spirv.OpVariable && i > 0:
						case i == 0 && (in.op == spirv.OpAccessChain || in.op == spirv.OpInBoundsAccessChain):
							if pt, ok := p.constPart(cand[id], in.args[1:]); ok {
								parts[in.id] = part{v: id, off: pt}
							} else if d := p.dynChain(id, cand[id], in.args[1:], rtype); d != nil {
								dyns[in.id] = d
							} else {
								bad[id] = true
							}
						default:
							bad[id] = true
						}
					}
				}
			}
		}
	}
	// A chain's result must itself be only loaded from and stored to.
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				for i, id := range in.args {
					if i == 0 && (in.op == spirv.OpLoad || in.op == spirv.OpStore) {
						continue
					}
					if pt, ok := parts[id]; ok {
						bad[pt.v] = true
					}
					if d, ok := dyns[id]; ok {
						bad[d.v] = true
					}
				}
			}
		}
	}
	hasDyn := map[uint32]bool{}
	for _, d := range dyns {
		hasDyn[d.v] = true
	}
	for id, t := range cand {
		if t.comps > maxPromoted && !hasDyn[id] {
			bad[id] = true // a large array indexed by constants only stays in memory
		}
	}
	for id := range cand {
		if !bad[id] {
			p.promoted[id] = -1 // rows are given by localVar
		}
	}
	for id, d := range dyns {
		if !bad[d.v] {
			p.dynPart[id] = d
		}
	}
	for id, pt := range parts {
		if !bad[pt.v] {
			p.promotedPart[id] = pt
		}
	}
}

// part is a field of a promoted variable: its first row within the
// variable's rows.
type part struct {
	v   uint32
	off int
}

// constPart is the first row of the component of a value of type t that
// constant indices select.
func (p *prep) constPart(t *typ, idx []uint32) (int, bool) {
	off := 0
	for _, id := range idx {
		c, ok := p.consts[id]
		if !ok || len(c) != 1 || c[0] > maxDynPromoted {
			return 0, false
		}
		o, et, err := t.compOffset(int(c[0]))
		if err != nil {
			return 0, false
		}
		off, t = off+o, et
	}
	return off, true
}

// promotedVar gives a promoted variable its rows and initializer.
func (p *prep) promotedVar(f *fn, in *inst, t *typ) error {
	off := p.nrows * p.lanes
	p.promoted[in.id] = off
	p.nrows += t.comps
	if len(in.args) > 1 {
		c, ok := p.consts[in.args[1]]
		if !ok {
			return p.errorf("variable initializer %%%d is not a constant", in.args[1])
		}
		L := p.lanes
		f.inits = append(f.inits, instr{op: in.op, pos: in.pos, run: func(s *state) {
			for i, v := range c {
				row := s.r[off+i*L : off+(i+1)*L]
				for l, on := range s.mask {
					if on {
						row[l] = v
					}
				}
			}
		}})
	}
	return nil
}

// promotedCopy is a load from a promoted variable (src its rows) or a
// store to one (dst its rows): it copies rows under the mask.
func (p *prep) promotedCopy(dst, src int, t *typ) func(*state) {
	n := t.comps * p.lanes
	return func(s *state) { s.copyMasked(dst, src, n) }
}

// uniformPromotedCopy is promotedCopy for a variable that holds one value
// for all lanes (uniflow.go): one slot per component. A load fills its
// rows where some instruction reads them whole; so does a store, for
// the loads that live in the variable's rows (loadalias.go). When a
// prologue faulted, uniform values are computed in whole rows: copy
// those.
func (p *prep) uniformPromotedCopy(dst, src int, t *typ) func(*state) {
	L := p.lanes
	n := t.comps * L
	need := make([]*bool, t.comps)
	for c := range need {
		need[c] = p.rowFlag(dst/L + c)
	}
	return func(s *state) {
		if s.redo {
			s.copyMasked(dst, src, n)
			return
		}
		for c := range need {
			x := s.r[src+c*L]
			if !*need[c] {
				s.r[dst+c*L] = x
				continue
			}
			fillRow(s.r[dst+c*L:dst+(c+1)*L], x)
		}
	}
}
