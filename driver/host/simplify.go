package host

import "github.com/clgo/clgo/spirv"

// Extracts of constructs. The compiler builds vectors wider than four as
// arrays of halves, so its code is full of a composite built from values
// and a component taken back out of it. Before anything else looks at a
// function, this Prepare's copy of its instructions reads such a
// component from the value it was built from (an extract of an extract
// reads deeper), and values left without a use go. What
// remains is the same computation with fewer copies between rows.

// forwardExtracts rewrites the extracts of constructs of raws.
func (p *prep) forwardExtracts(raws []*rawFunc) {
	defs := map[uint32]*inst{}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				if in.id != 0 {
					defs[in.id] = in
				}
			}
		}
	}
	repl := map[uint32]uint32{} // extract → the value it reads
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for i, in := range rb.body {
				if in.op != spirv.OpCompositeExtract || len(in.args) < 2 {
					continue
				}
				x := in
				for x.op == spirv.OpCompositeExtract && len(x.args) >= 2 {
					c := defs[resolve(repl, x.args[0])]
					if c == nil || c.op != spirv.OpCompositeConstruct {
						break
					}
					ct := p.types[c.typ]
					k := int(x.args[1])
					if ct == nil || k >= len(c.args) || ct.op == spirv.OpTypeVector && len(c.args) != ct.comps {
						break // a vector built from vectors: components do not map to operands
					}
					src := resolve(repl, c.args[k])
					if len(x.args) == 2 {
						if d := defs[src]; d == nil || d.typ != in.typ {
							break
						}
						repl[in.id] = src
						x = nil
						break
					}
					y := *x
					y.args = append([]uint32{src}, x.args[2:]...)
					x = &y
				}
				if x != nil && x != in {
					rb.body[i] = x
					defs[in.id] = x
				}
			}
		}
	}
	p.forwardBoolSelects(raws, defs, repl)
	if len(repl) == 0 {
		return
	}
	uses := map[uint32]int{}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for i, in := range rb.body {
				if ids := idOperands(in); ids != nil {
					var y *inst
					for _, j := range ids {
						if r := resolve(repl, in.args[j]); r != in.args[j] {
							if y == nil {
								c := *in
								c.args = append([]uint32(nil), in.args...)
								y = &c
							}
							y.args[j] = r
						}
					}
					if y != nil {
						rb.body[i], in = y, y
						if in.id != 0 {
							defs[in.id] = in
						}
					}
				}
				for _, a := range in.args {
					uses[a]++ // literals too: at worst a value is kept
				}
			}
		}
	}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for i, in := range rb.body {
				if d := defs[in.id]; in.id != 0 && d != in {
					rb.body[i] = d
				}
			}
		}
	}
	// Drop the values nothing reads now.
	for changed := true; changed; {
		changed = false
		for _, rf := range raws {
			for _, rb := range rf.blocks {
				for i, in := range rb.body {
					if in.id != 0 && uses[in.id] == 0 && pureOp(in.op) {
						for _, a := range in.args {
							uses[a]--
						}
						rb.body[i] = &inst{op: spirv.OpNop, pos: in.pos}
						changed = true
					}
				}
			}
		}
	}
}

// forwardBoolSelects finds the round trip of a condition through an
// integer: OpenCL's relational functions return -1 or 0 per component
// (a select of a condition), and select() or a test tests that integer's
// sign again. (b ? -1 : 0) < 0 and (b ? -1 : 0) != 0 read b itself.
func (p *prep) forwardBoolSelects(raws []*rawFunc, defs map[uint32]*inst, repl map[uint32]uint32) {
	isConst := func(id uint32, v uint64) bool {
		c, ok := p.consts[id]
		if !ok || len(c) == 0 {
			return false
		}
		for _, x := range c {
			if x != v {
				return false
			}
		}
		return true
	}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				if in.op != spirv.OpSLessThan && in.op != spirv.OpINotEqual || len(in.args) != 2 {
					continue
				}
				sel := defs[resolve(repl, in.args[0])]
				if sel == nil || sel.op != spirv.OpSelect || len(sel.args) != 3 || !isConst(in.args[1], 0) || !isConst(sel.args[2], 0) {
					continue
				}
				t := p.types[sel.typ]
				if t == nil || t.scalar().op != spirv.OpTypeInt || t.scalar().width > 64 {
					continue
				}
				ones := uint64(1)<<t.scalar().width - 1
				if t.scalar().width == 64 {
					ones = ^uint64(0)
				}
				cond := defs[resolve(repl, sel.args[0])]
				if !isConst(sel.args[1], ones) || cond == nil || cond.typ != in.typ {
					continue
				}
				repl[in.id] = cond.id
			}
		}
	}
}

// idOperands returns the positions of an instruction's id operands, for
// the instructions whose reads of a value are rewritten (others keep
// reading the extract).
func idOperands(in *inst) []int {
	n := len(in.args)
	all := func(from int) []int {
		var r []int
		for j := from; j < n; j++ {
			r = append(r, j)
		}
		return r
	}
	switch in.op {
	case spirv.OpCompositeExtract, spirv.OpLoad, spirv.OpReturnValue:
		if n > 0 {
			return []int{0}
		}
	case spirv.OpCompositeInsert, spirv.OpVectorShuffle, spirv.OpStore:
		if n > 1 {
			return []int{0, 1}
		}
	case spirv.OpBranchConditional:
		if n > 0 {
			return []int{0}
		}
	case spirv.OpExtInst:
		return all(2)
	case spirv.OpCompositeConstruct, spirv.OpPhi, spirv.OpSelect, spirv.OpDot, spirv.OpVectorTimesScalar,
		spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain,
		spirv.OpFunctionCall, spirv.OpCopyObject, spirv.OpBitcast,
		spirv.OpConvertFToU, spirv.OpConvertFToS, spirv.OpConvertSToF, spirv.OpConvertUToF,
		spirv.OpUConvert, spirv.OpSConvert, spirv.OpFConvert:
		return all(0)
	}
	if isArith(in.op) {
		return all(0)
	}
	return nil
}

// isArith says whether an opcode is a numeric or logical operation whose
// operands are all ids.
func isArith(op spirv.Op) bool {
	switch {
	case op >= spirv.OpSNegate && op <= spirv.OpFMod,
		op >= spirv.OpIAddCarry && op <= spirv.OpSMulExtended,
		op >= spirv.OpAny && op <= spirv.OpFUnordGreaterThanEqual,
		op >= spirv.OpShiftRightLogical && op <= spirv.OpBitCount:
		return true
	}
	return false
}

// pureOp says whether an instruction only computes its result from its
// operands, so that an unused one can go.
func pureOp(op spirv.Op) bool {
	switch op {
	case spirv.OpCompositeConstruct, spirv.OpCompositeExtract, spirv.OpCompositeInsert, spirv.OpVectorShuffle,
		spirv.OpCopyObject, spirv.OpBitcast, spirv.OpSelect:
		return true
	}
	return isArith(op) && op != spirv.OpUDiv && op != spirv.OpSDiv && op != spirv.OpUMod && op != spirv.OpSRem && op != spirv.OpSMod
}

// rawUses counts the operands of raws that name each id (literals too: a
// count is at worst too high).
func rawUses(raws []*rawFunc) map[uint32]int {
	uses := map[uint32]int{}
	for _, rf := range raws {
		for _, rb := range rf.blocks {
			for _, in := range rb.body {
				for _, id := range in.args {
					uses[id]++
				}
			}
		}
	}
	return uses
}

// resolve follows replacements to the value an id reads.
func resolve(repl map[uint32]uint32, id uint32) uint32 {
	for {
		r, ok := repl[id]
		if !ok {
			return id
		}
		id = r
	}
}
