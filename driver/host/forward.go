package host

import (
	"slices"

	"github.com/clgo/clgo/spirv"
)

// Store-to-load forwarding. A load of a promoted variable that one store
// reaches on every path (the last store before it in its block, or the one
// store every predecessor's path ends with, the variable never being read
// unset) reads the stored value: it lives in that value's rows. That store
// dominates the load, and the stored value's definition dominates the
// store, so a lane that runs the definition again stores again before it
// loads (as for aliases, alias.go). When every load of a variable is
// forwarded, its stores are dropped.

// unset marks a variable that is unset at function entry, or stored by
// different stores on different paths.
var unset = &inst{}

// findForwarded fills p.fwd and p.fwdVar.
func (p *prep) findForwarded(raws []*rawFunc) {
	p.fwd, p.fwdVar = map[uint32]uint32{}, map[uint32]bool{}
	bad := map[uint32]bool{} // fields are stored through chains
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				if in.op == spirv.OpStore && len(in.args) > 0 {
					if pt, ok := p.promotedPart[in.args[0]]; ok {
						bad[pt.v] = true
					}
				}
				if in.op == spirv.OpVariable && p.dynVar(in.id) {
					bad[in.id] = true // accessed through variable indices
				}
			}
		}
	}
	for _, rf := range raws {
		vars := map[uint32]*typ{} // the variables' value types
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				if in.op == spirv.OpVariable {
					pt := p.types[in.typ]
					if _, ok := p.promoted[in.id]; ok && !bad[in.id] && len(in.args) < 2 && pt != nil && pt.elem != nil &&
						pt.elem.op != spirv.OpTypePointer {
						vars[in.id] = pt.elem
					}
				}
			}
		}
		if len(vars) == 0 {
			continue
		}
		preds, ok := p.predecessors(rf)
		if !ok {
			continue
		}
		// Each variable's stores and loads (whole, or of a field through a
		// chain), in block order: a variable's analysis reads only these.
		acc := map[uint32][]access{}
		chains := map[uint32]*inst{}
		for b, rb := range rf.blocks {
			for i, in := range rb.body {
				switch {
				case len(in.args) == 0:
				case in.op == spirv.OpAccessChain || in.op == spirv.OpInBoundsAccessChain:
					if _, ok := vars[in.args[0]]; ok {
						chains[in.id] = in
					}
				case in.op == spirv.OpStore || in.op == spirv.OpLoad:
					v := in.args[0]
					if pt, ok := p.promotedPart[v]; ok && in.op == spirv.OpLoad {
						v = pt.v
					}
					if _, ok := vars[v]; ok {
						acc[v] = append(acc[v], access{b, i, in})
					}
				}
			}
		}
		for v, t := range vars {
			p.forwardVar(rf, preds, v, t, acc[v], chains)
		}
	}
}

// access is a load or store of a variable: its block, its place there.
type access struct {
	b, i int
	in   *inst
}

// predecessors lists each block's predecessors by index; false when a
// switch's selector type is not known yet.
func (p *prep) predecessors(rf *rawFunc) ([][]int, bool) {
	byLabel := map[uint32]int{}
	for i, rb := range rf.blocks {
		byLabel[rb.label.id] = i
	}
	preds := make([][]int, len(rf.blocks))
	for i, rb := range rf.blocks {
		if len(rb.body) == 0 {
			continue
		}
		t := rb.body[len(rb.body)-1]
		var to []uint32
		switch t.op {
		case spirv.OpBranch:
			to = t.args[:min(1, len(t.args))]
		case spirv.OpBranchConditional:
			if len(t.args) >= 3 {
				to = t.args[1:3]
			}
		case spirv.OpSwitch:
			if len(t.args) >= 2 {
				to = append(to, t.args[1])
				w := 2
				st := p.vtype[t.args[0]]
				if st == nil {
					return nil, false // literal widths unknown yet
				}
				if st.width == 64 {
					w = 3
				}
				for j := 2 + w - 1; j < len(t.args); j += w {
					to = append(to, t.args[j])
				}
			}
		}
		for _, id := range to {
			if j, ok := byLabel[id]; ok {
				preds[j] = append(preds[j], i)
			}
		}
	}
	return preds, true
}

// forwardVar forwards the loads of variable v in rf, given its accesses.
func (p *prep) forwardVar(rf *rawFunc, preds [][]int, v uint32, vt *typ, acc []access, chains map[uint32]*inst) {
	n := len(rf.blocks)
	lastStore := make([]*inst, n) // the last whole store of v in each block
	for _, a := range acc {
		if a.in.op == spirv.OpStore && len(a.in.args) > 1 && a.in.args[0] == v {
			lastStore[a.b] = a.in
		}
	}
	out := make([]*inst, n) // nil: no path computed yet
	entry := func(b int) *inst {
		if b == 0 {
			return unset
		}
		var got *inst
		for _, q := range preds[b] {
			switch o := out[q]; {
			case o == nil:
			case got == nil:
				got = o
			case got != o:
				return unset
			}
		}
		return got
	}
	for changed := true; changed; {
		changed = false
		for b := range n {
			in0 := entry(b)
			if in0 == nil {
				continue
			}
			o := in0
			if lastStore[b] != nil {
				o = lastStore[b]
			}
			if o != out[b] {
				out[b], changed = o, true
			}
		}
	}
	var loads []uint32
	var vals []uint32
	var fields []access // loads through chains of v, and their values
	var fieldVals []uint32
	all := true
	var cur *inst
	for k, a := range acc {
		if k == 0 || acc[k-1].b != a.b {
			cur = entry(a.b)
		}
		in := a.in
		switch {
		case in.op == spirv.OpStore && len(in.args) > 1 && in.args[0] == v:
			cur = in
		case in.op == spirv.OpLoad && in.args[0] == v:
			if t := p.types[in.typ]; cur == nil || cur == unset || t == nil || t.comps != vt.comps {
				all = false
				continue
			}
			loads, vals = append(loads, in.id), append(vals, cur.args[1])
		case in.op == spirv.OpLoad:
			if cur == nil || cur == unset {
				all = false
				continue
			}
			fields, fieldVals = append(fields, a), append(fieldVals, cur.args[1])
		}
	}
	// A load of a field reads that field of the stored value: it becomes
	// the extract of it (this Prepare's copy of the instruction), which
	// lives in the value's rows.
	var ext [][]uint32
	for _, f := range fields {
		lits, ok := p.fieldPath(chains[f.in.args[0]], v)
		if !ok {
			all = false
		}
		ext = append(ext, lits)
	}
	for i, f := range fields {
		if ext[i] != nil && all {
			x := *f.in
			x.op, x.args = spirv.OpCompositeExtract, append([]uint32{fieldVals[i]}, ext[i]...)
			rf.blocks[f.b].body[f.i] = &x
		}
	}
	for i, id := range loads {
		p.fwd[id] = vals[i]
	}
	p.fwdVar[v] = all
}

// fieldPath returns the literal indices of chain, an access chain of
// constant indices straight from variable v.
func (p *prep) fieldPath(chain *inst, v uint32) ([]uint32, bool) {
	if chain == nil || chain.op != spirv.OpAccessChain && chain.op != spirv.OpInBoundsAccessChain || len(chain.args) < 2 || chain.args[0] != v {
		return nil, false
	}
	var lits []uint32
	for _, id := range chain.args[1:] {
		c, ok := p.consts[id]
		if !ok || len(c) != 1 || c[0] > maxPromoted {
			return nil, false
		}
		lits = append(lits, uint32(c[0]))
	}
	return lits, true
}

// Loads that share their variable's rows. A load of a promoted variable
// (or of a field of one) whose every use follows it in its block, with no store to the variable
// (or any field of it) in between, lives in the variable's rows instead of a copy: while a lane
// can still read the value, its slot of the variable holds it. (Loop
// variables, which two stores reach, are reloaded in each block that uses
// them: those loads cost nothing now.) Pure operations also compute their
// results for inactive lanes from their operands' rows (state.out), and an
// inactive lane's slot of the variable may have changed since it loaded
// it; so every value computed from the load in its block must be used only
// in that block (where each lane recomputes it before reading it), and no
// forwarded load may read one.
func (p *prep) findLoadAliases(raws []*rawFunc) {
	p.loadAlias = map[uint32]part{}
	uses := rawUses(raws)
	fwdSrc := map[uint32]bool{}
	for _, x := range p.fwd {
		fwdSrc[x] = true
	}
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
				if _, ok := p.fwd[in.id]; ok {
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
				if n == uses[in.id] && !late && p.usedInBlock(rb.body[i:], uses, fwdSrc) {
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
// from it in body are used only in body, and none is read by a forwarded
// load.
func (p *prep) usedInBlock(body []*inst, uses map[uint32]int, fwdSrc map[uint32]bool) bool {
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
		if fwdSrc[id] || inBlock[id] != uses[id] {
			return false
		}
	}
	return true
}
