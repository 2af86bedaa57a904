package lanes

import "github.com/clgo/clgo/spirv"

// Uniform control flow as jumps. Where every branch of a construct (a
// selection or loop construct, or a whole function) has a Uniform
// condition, the lanes that enter its header move through it together:
// each branch sends all of them one way. Such a construct is
// *converged*, and the blocks after its header up to its merge need no
// mask bookkeeping: they are *direct* blocks, entered by real jumps (or
// by falling into them from the block that branches to them), their
// lane mask a register each incoming edge copies the source's mask into,
// their phis registers each incoming edge copies its value into (all the
// lanes that reach the block come by the one edge, so no lane keeps an
// older value). A uniform loop's back edges jump to its top; it has no
// end test. Nothing else jumps into a direct block: an edge into one
// is always a jump or a fall-through from its source, so a direct block
// never holds lanes that wait for it, and code that comes to one by
// falling through without branching to it (after a skipped block, a
// return, an edge out of the construct) goes on at the next block with a
// mask of its own, the next mask-tested loop end or the function's end
// (a resume point; in.pend holds the labels to place there).
//
// A construct counts only if it is closed: every edge into its blocks
// after the header comes from inside it, and no loop straddles its
// bounds, so a jump between two of its blocks passes over blocks that
// only its own (converged) lanes could reach. Whether a branch is
// Uniform depends on the phis' shapes, which are assumptions
// (uniphi.go): Build assumes every construct converged, records which
// ones the round relied on, and checks them after the round, building
// again without the ones a Varying branch was found in.

// consKey names a construct of an inlined function copy across rounds:
// its header block, -1 for the whole function.
type consKey struct {
	inst, head int
	tail       bool // a tail region (tails.go), not a construct
}

// construct is a construct of an instance: blocks [head, merge) are its
// range (Build's block order keeps constructs contiguous), merge ==
// len(blocks) for the function.
type construct struct {
	key         consKey
	in          *instance
	head, merge int
	used        bool // a direct block or a loop's jumps rely on it
	// last is the last block the construct makes direct: its merge, or
	// for a tail region (tails.go) the block before it.
	last int
}

// findConverged decides which blocks of the instance are direct and
// which loops jump back to their tops, from the constructs not found
// Varying in earlier rounds. preds lists each block's predecessors.
func (b *builder) findConverged(in *instance, preds [][]int) {
	n := len(in.fn.Blocks)
	in.direct = make([]bool, n)
	in.dcons = make([]*construct, n)
	in.labels = make([]int64, n)
	cl := in.shape.closure
	// Constructs, innermost last for each block: headers in block order.
	var cons []*construct
	add := func(head, merge, keyHead int) {
		key := consKey{inst: in.seq, head: keyHead}
		if b.varyingCons[key] || !cl.closedRange(head, merge) {
			return
		}
		c := &construct{key: key, in: in, head: head, merge: merge, last: merge}
		cons = append(cons, c)
		b.convCons = append(b.convCons, c)
	}
	add(0, n, -1)
	for h, bl := range in.fn.Blocks {
		if len(bl.Insts) < 2 {
			continue
		}
		mi := bl.Insts[len(bl.Insts)-2]
		if mi.Op == spirv.OpSelectionMerge || mi.Op == spirv.OpLoopMerge {
			if m, ok := in.pos[spirv.ID(mi.Operands[0])]; ok && m > h {
				add(h, m, h)
			}
		}
	}
	cons = b.addTails(in, preds, cl, cons)
	b.findSealed(in, preds, cl)
	// cons is in header order, the innermost of those holding a block
	// last: a sweep over the blocks keeps the constructs whose headers
	// precede j on a heap, the latest on top, dropping those that end
	// before j.
	holding := &intHeap{less: func(a, b int) bool { return a > b }}
	next := 0
	for j := 1; j < n; j++ {
		if in.fast[j] || len(preds[j]) == 0 {
			continue
		}
		for ; next < len(cons) && cons[next].head < j; next++ {
			holding.push(next)
		}
		// The innermost converged construct holding j after its header,
		// unless a Varying sealed construct in it holds j (sealed.go).
		for {
			k, ok := holding.top()
			if !ok {
				break
			}
			if c := cons[k]; j <= c.last {
				if _, ok := b.sealedIn(in, c, j); ok {
					break
				}
				in.direct[j], in.dcons[j] = true, c
				c.used = true
				in.labels[j] = b.label()
				break
			}
			holding.pop()
		}
	}
	byHead := map[int][]*construct{}
	for _, c := range cons {
		if !c.key.tail {
			byHead[c.key.head] = append(byHead[c.key.head], c)
		}
	}
	b.markSealed(in)
	for _, l := range in.loopList {
		h := l.head
		if in.direct[h] {
			l.jumps = true
			continue
		}
		for _, c := range byHead[h] {
			l.jumps, c.used = true, true
		}
	}
}

// isDirect reports whether the edge from block i to block j is a jump.
func (b *builder) isDirect(in *instance, i, j int) bool {
	if in.direct[j] && in.sealAt[j] < 0 {
		return true
	}
	l := in.loops[j]
	return l != nil && i >= j && l.jumps
}

// directEdge emits the edge from block i to block j as copies and a
// jump: every lane of cur takes it.
func (b *builder) directEdge(in *instance, i, j int, cur Value) error {
	moves, big, err := b.phiMoves(in, i, j)
	if err != nil {
		return err
	}
	kept := moves[:0]
	for _, mv := range moves {
		if b.shape(mv.dst) == Uniform && b.shape(mv.val) == Varying {
			b.failed = true // a wrong assumption: the next round makes it Varying
			b.varying[b.uniPhiOf(mv.dst)] = true
			continue
		}
		kept = append(kept, mv)
	}
	b.sequence(kept)
	if err := b.bigMoves(big, cur); err != nil { // bigval.go
		return err
	}
	if err := b.leaveLoops(in, i, j, cur); err != nil {
		return err
	}
	// No mask to pass on: the target runs under the mask its converged
	// construct's header started with, which holds the same lanes.
	b.jump(Jump, NoValue, b.directTarget(in, i, j))
	return nil
}

// directTarget is the label a direct edge from block i to block j jumps
// to: j's, or its loop's top for a back edge.
func (b *builder) directTarget(in *instance, i, j int) int64 {
	if l := in.loops[j]; l != nil && i >= j {
		return l.top
	}
	return in.labels[j]
}

// bare reports whether the direct edge from block i to block j is only
// a jump: no phi of j but trivial ones takes a value from it, and it
// leaves no loop with shadows.
func (b *builder) bare(in *instance, i, j int) bool {
	for _, x := range in.fn.Blocks[j].Insts {
		if x.Op != spirv.OpPhi {
			break
		}
		if _, ok := in.trivial[origin{x.Result, -1}]; ok {
			continue
		}
		t, err := b.types.get(x.ResultType)
		if err != nil {
			return false
		}
		for k := 0; k+1 < len(x.Operands); k += 2 {
			if spirv.ID(x.Operands[k+1]) != in.fn.Blocks[i].Label {
				continue
			}
			if t.op == spirv.OpTypePointer || t.big() {
				return false
			}
			for n := range t.leaves {
				if _, ok := in.trivial[origin{x.Result, n}]; !ok {
					return false
				}
			}
		}
	}
	for _, l := range in.inLoops[i] {
		if !l.holds(j) && len(l.order) > 0 {
			return false
		}
	}
	return true
}

// onePred reports whether a block's predecessors are one block.
func onePred(ps []int) bool {
	for _, p := range ps {
		if p != ps[0] {
			return false
		}
	}
	return len(ps) > 0
}

// anyEdge emits an edge that every lane of cur takes.
func (b *builder) anyEdge(in *instance, i, j int, cur Value) error {
	if b.isDirect(in, i, j) {
		return b.directEdge(in, i, j, cur)
	}
	return b.edge(in, i, in.fn.Blocks[j].Label, cur)
}

// fallInto prepares the entry of direct block lbl: a jump to it just
// before becomes a fall-through; other code that could fall into it goes
// on at the next resume point instead. It reports whether it removed a
// jump.
func (b *builder) fallInto(in *instance, lbl int64) bool {
	ops := b.p.Ops
	if len(ops) == 0 {
		return false
	}
	last := ops[len(ops)-1]
	switch {
	case last.Code == Jump && last.Imm == lbl:
		b.p.Ops = ops[:len(ops)-1]
		return true
	case last.Code == Jump || last.Code == Exit:
	default:
		r := b.label()
		b.jump(Jump, NoValue, r)
		in.pend = append(in.pend, r)
	}
	return false
}

// dropLabels removes the labels no jump names: code the builder placed
// them before for jumps that were folded away or became fall-throughs.
func (b *builder) dropLabels() {
	used := make([]bool, b.p.Labels)
	for _, o := range b.p.Ops {
		switch o.Code {
		case Jump, JumpIfNone, JumpIfAny:
			used[o.Imm] = true
		}
	}
	ops := b.p.Ops[:0]
	for _, o := range b.p.Ops {
		if o.Code != Label || used[o.Imm] {
			ops = append(ops, o)
		}
	}
	b.p.Ops = ops
}

// placePend places the labels waiting for a resume point here.
func (b *builder) placePend(in *instance) {
	for _, l := range in.pend {
		b.placeLabel(l)
	}
	in.pend = in.pend[:0]
}

// checkConverged marks the constructs a Varying branch was found in; it
// reports whether the round relied on one of them.
func (b *builder) checkConverged() bool {
	bad := false
	for _, c := range b.convCons {
		if c.in.varyingIn(c.head, c.merge) {
			b.varyingCons[c.key] = true
			bad = bad || c.used
		}
	}
	return bad
}

// sequence emits a parallel copy as copies in an order that reads every
// register before it is written: a copy whose destination no other
// pending copy reads goes first; where only cycles are left (a rotation
// of variables), one destination is saved to a temporary.
func (b *builder) sequence(moves []move) {
	pending := append([]move(nil), moves...)
	for len(pending) > 0 {
		done := false
		for n, mv := range pending {
			if mv.dst == mv.val {
				pending = append(pending[:n], pending[n+1:]...)
				done = true
				break
			}
			read := false
			for _, o := range pending {
				if o.val == mv.dst && o != mv {
					read = true
					break
				}
			}
			if !read {
				b.set(mv.dst, mv.val)
				pending = append(pending[:n], pending[n+1:]...)
				done = true
				break
			}
		}
		if done {
			continue
		}
		// Every destination is read by another copy: a cycle.
		d := pending[0].dst
		t := b.newValue(b.kindOf(d), b.shape(d))
		b.set(t, d)
		for n := range pending {
			if pending[n].val == d {
				pending[n].val = t
			}
		}
	}
}
