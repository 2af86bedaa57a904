package host

import "github.com/clgo/clgo/spirv"

// Store-to-load forwarding. A promoted variable stored once, whole, with
// every load after the store in its block or the store in the function's
// entry block (which dominates every block and runs once per call), always
// reads as the stored value: its loads live in the stored value's rows and
// the store is dropped. As for aliases (alias.go), the stored value's
// definition dominates the store, which dominates the loads, so a lane that
// runs that definition again stores again before it loads.

// findForwarded fills p.fwd and p.fwdVar.
func (p *prep) findForwarded(raws []*rawFunc) {
	p.fwd, p.fwdVar = map[uint32]uint32{}, map[uint32]bool{}
	type use struct {
		block, pos int
		in         *inst
	}
	stores := map[uint32][]use{}
	loads := map[uint32][]use{}
	bad := map[uint32]bool{}
	for _, rf := range raws {
		for bi, rb := range rf.blocks {
			for pos, in := range rb.body {
				switch in.op {
				case spirv.OpVariable:
					if len(in.args) > 1 {
						bad[in.id] = true // an initializer is another store
					}
				case spirv.OpStore:
					if len(in.args) > 1 {
						stores[in.args[0]] = append(stores[in.args[0]], use{bi, pos, in})
					}
				case spirv.OpLoad:
					if len(in.args) > 0 {
						loads[in.args[0]] = append(loads[in.args[0]], use{bi, pos, in})
					}
				}
			}
		}
	}
	for _, pt := range p.promotedPart {
		bad[pt.v] = true // fields are stored through chains
	}
	for v := range p.promoted {
		st := stores[v]
		if bad[v] || len(st) != 1 {
			continue
		}
		s := st[0]
		t := p.vtype[s.in.args[1]]
		if t == nil || t.op == spirv.OpTypePointer {
			continue
		}
		ok := true
		for _, l := range loads[v] {
			if lt := p.types[l.in.typ]; lt == nil || lt.comps != t.comps ||
				!(s.block == 0 || l.block == s.block && l.pos > s.pos) {
				ok = false
			}
			if l.block == s.block && l.pos < s.pos {
				ok = false // a load before the store in its block
			}
		}
		if !ok {
			continue
		}
		for _, l := range loads[v] {
			p.fwd[l.in.id] = s.in.args[1]
		}
		p.fwdVar[v] = true
	}
}
