package host

import (
	"slices"

	"github.com/clgo/clgo/spirv"
)

// Loads that share their variable's rows. A load of a promoted variable
// (or of a field of one) whose every use follows it in its block, with no store to the variable
// (or any field of it) in between, lives in the variable's rows instead of a copy: while a lane
// can still read the value, its slot of the variable holds it. (Loop
// variables, which two stores reach, are reloaded in each block that uses
// them: those loads cost nothing now.) Pure operations also compute their
// results for inactive lanes from their operands' rows (state.out), and an
// inactive lane's slot of the variable may have changed since it loaded
// it; so every value computed from the load in its block must be used only
// in that block (where each lane recomputes it before reading it).
func (p *prep) findLoadAliases(raws []*rawFunc) {
	p.loadAlias = map[uint32]part{}
	uses := rawUses(raws)
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for i, in := range rb.body {
				if in.op != spirv.OpLoad || len(in.args) == 0 || in.id == 0 {
					continue
				}
				// The variable and the first row of the loaded part.
				var v part
				if _, ok := p.promoted[in.args[0]]; ok {
					v = part{v: in.args[0]}
				} else if pt, ok := p.promotedPart[in.args[0]]; ok {
					v = pt
				} else {
					continue
				}
				// shares: the load and the values that may live in its
				// rows (alias.go); none may be read after the store.
				n, stored, late := 0, false, false
				shares := map[uint32]bool{in.id: true}
				for _, later := range rb.body[i+1:] {
					for j, id := range later.args {
						if id == in.id && !stored && (later.op != spirv.OpStore || j != 0) {
							n++
						}
						if stored && shares[id] && id != in.id {
							late = true
						}
					}
					if !stored && later.id != 0 && mayShareRows(later.op) && slices.ContainsFunc(later.args, func(id uint32) bool { return shares[id] }) {
						shares[later.id] = true
					}
					if later.op == spirv.OpStore && len(later.args) > 0 && p.varOf(later.args[0]) == v.v {
						stored = true // the whole variable or a field
					}
				}
				if n == uses[in.id] && !late && p.usedInBlock(rb.body[i:], uses) {
					p.loadAlias[in.id] = v
				}
			}
		}
	}
}

// mayShareRows reports whether an instruction's result may live in its
// operands' rows (aliasRow, alias.go).
func mayShareRows(op spirv.Op) bool {
	switch op {
	case spirv.OpCopyObject, spirv.OpCopyLogical, spirv.OpBitcast, spirv.OpCompositeExtract,
		spirv.OpCompositeConstruct, spirv.OpVectorShuffle:
		return true
	}
	return false
}

// varOf returns the promoted variable a pointer is or is a field of, or 0.
func (p *prep) varOf(ptr uint32) uint32 {
	if _, ok := p.promoted[ptr]; ok {
		return ptr
	}
	if d := p.dynPart[ptr]; d != nil {
		return d.v
	}
	return p.promotedPart[ptr].v
}

// usedInBlock says whether the value of body[0] and every value computed
// from it in body are used only in body.
func (p *prep) usedInBlock(body []*inst, uses map[uint32]int) bool {
	from := map[uint32]bool{body[0].id: true}
	inBlock := map[uint32]int{}
	for _, in := range body[1:] {
		derived := false
		for _, id := range in.args {
			if from[id] {
				inBlock[id]++
				derived = true
			}
		}
		if derived && in.id != 0 {
			from[in.id] = true
		}
	}
	for id := range from {
		if inBlock[id] != uses[id] {
			return false
		}
	}
	return true
}
