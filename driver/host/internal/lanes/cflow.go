package lanes

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// Control flow is linearized in the module's block order (dominators
// first, loops contiguous, merges after their constructs; Build checks
// it): every block has a mask register that the edges into it OR their
// lane masks into; a block runs under its mask, read and cleared on
// entry (so that a block in a loop collects the next iteration's lanes
// afresh), and is skipped when no lane is in it. A loop's back edges OR
// into its header's mask; after the loop's last block, the loop runs
// again if that mask has a lane. Phis are registers that each edge
// blends its incoming value into under the edge's mask. Values defined
// in a loop and read after it are kept, per lane, as of the lane's exit
// (shadow registers blended on the loop's exit edges), since later
// iterations recompute every lane of a register.

// instance is one inlined copy of a function.
type instance struct {
	fn    *spirv.Function
	env   map[spirv.ID]*sval
	pos   map[spirv.ID]int
	masks []Value // per block: its mask register, or NoValue (fast or entry)
	fast  []bool  // the block runs under its only predecessor's mask, which falls into it
	loops map[int]*loop
	ends  map[int][]*loop // loops by their last block
	// phis holds phi registers; shadowed the ids each loop shadows.
	phis    map[spirv.ID]*sval
	inLoops [][]*loop // per block: the loops whose range holds it
	entry   bool
	retMask Value
	ret     *sval
	// seq numbers the instance in build order (uniphi.go); mergeHead maps
	// a merge block to its construct's header; varyingBranch marks the
	// blocks whose branch condition is Varying.
	seq           int
	mergeHead     map[int]int
	varyingBranch []bool
}

// loop is a loop construct: blocks [head, merge) in order.
type loop struct {
	head, merge int
	top, end    int64
	shadow      map[spirv.ID]*sval // ids read after the loop: their shadows
	order       []spirv.ID
}

func (l *loop) holds(i int) bool { return i >= l.head && i < l.merge }

// successors lists a terminator's targets.
func (b *builder) successors(t *spirv.Instruction) []spirv.ID {
	switch t.Op {
	case spirv.OpBranch:
		return []spirv.ID{spirv.ID(t.Operands[0])}
	case spirv.OpBranchConditional:
		return []spirv.ID{spirv.ID(t.Operands[1]), spirv.ID(t.Operands[2])}
	case spirv.OpSwitch:
		out := []spirv.ID{spirv.ID(t.Operands[1])}
		words := 1
		if st, err := b.types.get(b.x.TypeOf(spirv.ID(t.Operands[0]))); err == nil && st.width == 64 {
			words = 2
		}
		for n := 2; n+words < len(t.Operands); n += words + 1 {
			out = append(out, spirv.ID(t.Operands[n+words]))
		}
		return out
	}
	return nil
}

// function emits an instance of a function, its lanes entering under
// mask m. For an inlined call in.ret and in.retMask are set on return.
func (b *builder) function(in *instance, m Value) error {
	b.depth++
	defer func() { b.depth-- }()
	if b.depth > 64 {
		return unsupported("OpFunctionCall", "calls nested too deep (recursion?)")
	}
	fn := in.fn
	n := len(fn.Blocks)
	in.pos = map[spirv.ID]int{}
	for i, bl := range fn.Blocks {
		in.pos[bl.Label] = i
	}
	in.phis = map[spirv.ID]*sval{}
	in.loops, in.ends = map[int]*loop{}, map[int][]*loop{}
	in.mergeHead = map[int]int{}
	in.varyingBranch = make([]bool, n)
	preds := make([][]int, n)
	for i, bl := range fn.Blocks {
		if len(bl.Insts) == 0 {
			return fmt.Errorf("empty block %%%d", bl.Label)
		}
		for _, s := range b.successors(bl.Insts[len(bl.Insts)-1]) {
			if j, ok := in.pos[s]; ok {
				preds[j] = append(preds[j], i)
			}
		}
		if len(bl.Insts) >= 2 {
			if mi := bl.Insts[len(bl.Insts)-2]; mi.Op == spirv.OpSelectionMerge || mi.Op == spirv.OpLoopMerge {
				if mpos, ok := in.pos[spirv.ID(mi.Operands[0])]; ok && mpos > i {
					in.mergeHead[mpos] = i
				}
			}
			if mi := bl.Insts[len(bl.Insts)-2]; mi.Op == spirv.OpLoopMerge {
				mpos, ok := in.pos[spirv.ID(mi.Operands[0])]
				if !ok || mpos <= i {
					return unsupported("OpLoopMerge", "merge block before its header")
				}
				l := &loop{head: i, merge: mpos, top: b.label(), end: b.label(), shadow: map[spirv.ID]*sval{}}
				in.loops[i] = l
				in.ends[mpos-1] = append(in.ends[mpos-1], l)
			}
		}
	}
	in.inLoops = make([][]*loop, n)
	for _, l := range in.loops {
		for i := l.head; i < l.merge; i++ {
			in.inLoops[i] = append(in.inLoops[i], l)
		}
	}
	// The order must be one the masks can follow: edges go forward but
	// for back edges to a loop's header from within the loop, and edges
	// into a loop enter at its header.
	for j, ps := range preds {
		for _, i := range ps {
			if j <= i {
				l := in.loops[j]
				if l == nil || !l.holds(i) {
					return unsupported("OpBranch", "a backward edge that is not a loop's back edge (block order)")
				}
			}
			for _, l := range in.inLoops[j] {
				if !l.holds(i) && j != l.head {
					return unsupported("OpBranch", "an edge into a loop other than at its header")
				}
			}
		}
	}
	if err := b.findShadows(in); err != nil {
		return err
	}
	in.fast = make([]bool, n)
	in.masks = make([]Value, n)
	for i := range n {
		in.masks[i] = NoValue
		if i == 0 {
			continue
		}
		if len(preds[i]) == 1 && preds[i][0] == i-1 && in.loops[i] == nil && len(in.ends[i-1]) == 0 &&
			(i-1 == 0 || in.fast[i-1] || len(preds[i-1]) > 0) &&
			fn.Blocks[i-1].Insts[len(fn.Blocks[i-1].Insts)-1].Op == spirv.OpBranch {
			in.fast[i] = true
			continue
		}
		if len(preds[i]) == 0 {
			continue // unreachable: not emitted
		}
		in.masks[i] = b.newValue(Mask, Varying)
		b.set(in.masks[i], b.konst(Mask, 0))
	}
	if !in.entry {
		in.retMask = b.newValue(Mask, Varying)
		b.set(in.retMask, b.konst(Mask, 0))
	}
	cur := m
	// A block without lanes is skipped, with the blocks that fall into
	// it (fast ones): skip is the label after them.
	skip := int64(-1)
	endSkip := func() {
		if skip >= 0 {
			b.placeLabel(skip)
			skip = -1
		}
	}
	for i, bl := range fn.Blocks {
		if i > 0 && !in.fast[i] && in.masks[i] == NoValue {
			// Unreachable: no code, but a loop may end here.
			endSkip()
			b.endLoops(in, i)
			continue
		}
		if i > 0 && !in.fast[i] {
			endSkip()
			if l := in.loops[i]; l != nil {
				b.placeLabel(l.top)
			}
			cur = b.newValue(Mask, Varying)
			b.set(cur, in.masks[i])
			b.set(in.masks[i], b.konst(Mask, 0))
			if l := in.loops[i]; l != nil {
				b.jump(JumpIfNone, cur, l.end)
			} else {
				skip = b.label()
				b.jump(JumpIfNone, cur, skip)
			}
		} else if l := in.loops[i]; l != nil {
			return unsupported("OpLoopMerge", "a loop header as the entry block")
		}
		var err error
		if cur, err = b.block(in, i, bl, cur); err != nil {
			return err
		}
		if len(in.ends[i]) > 0 {
			endSkip()
		}
		b.endLoops(in, i)
	}
	endSkip()
	return nil
}

// endLoops emits the ends of the loops whose last block is block i: run
// again while lanes took a back edge; after the loop, its shadows stand
// for the values it defined.
func (b *builder) endLoops(in *instance, i int) {
	for _, l := range in.ends[i] {
		b.jump(JumpIfAny, in.masks[l.head], l.top)
		b.placeLabel(l.end)
		for _, id := range l.order {
			if sh := l.shadow[id]; sh != nil {
				in.env[id] = sh
			}
		}
	}
}

// findShadows finds, for each loop, the ids defined in it that are read
// outside it, and makes their shadow registers' places (filled when the
// defining value is known).
func (b *builder) findShadows(in *instance) error {
	if len(in.loops) == 0 {
		return nil
	}
	def := map[spirv.ID]int{}
	for i, bl := range in.fn.Blocks {
		for _, x := range bl.Insts {
			if x.Result != 0 {
				def[x.Result] = i
			}
		}
	}
	use := func(id spirv.ID, at int) {
		d, ok := def[id]
		if !ok {
			return
		}
		for _, l := range in.inLoops[d] {
			if !l.holds(at) {
				if _, ok := l.shadow[id]; !ok {
					l.shadow[id] = nil
					l.order = append(l.order, id)
				}
			}
		}
	}
	for j, bl := range in.fn.Blocks {
		for _, x := range bl.Insts {
			if x.Op == spirv.OpPhi {
				for k := 0; k+1 < len(x.Operands); k += 2 {
					if p, ok := in.pos[spirv.ID(x.Operands[k+1])]; ok {
						use(spirv.ID(x.Operands[k]), p)
					}
				}
				continue
			}
			// Every operand word that names an id of the function counts as
			// a use (a literal that happens to equal one only costs a
			// shadow).
			for _, w := range x.Operands {
				use(spirv.ID(w), j)
			}
		}
	}
	return nil
}

// block emits block i's instructions and its edges under mask cur; it
// returns the mask at its end (calls change it: the lanes that return).
func (b *builder) block(in *instance, i int, bl *spirv.Block, cur Value) (Value, error) {
	for k, x := range bl.Insts {
		b.curBlock = bl.Label
		b.cur = x
		if k == len(bl.Insts)-1 {
			return cur, b.terminator(in, i, x, cur)
		}
		var err error
		switch x.Op {
		case spirv.OpPhi:
			err = b.phiEntry(in, x)
		case spirv.OpSelectionMerge, spirv.OpLoopMerge, spirv.OpLine, spirv.OpNoLine, spirv.OpNop:
		case spirv.OpFunctionCall:
			cur, err = b.call(in, x, cur)
		default:
			err = b.inst(in, x, cur)
		}
		if err != nil {
			return cur, err
		}
	}
	return cur, fmt.Errorf("block %%%d has no terminator", bl.Label)
}

// phiReg is the register of a phi of block j, made by its first edge
// (like: the incoming value) or by its block.
func (b *builder) phiReg(in *instance, j int, x *spirv.Instruction, like *sval) (*sval, error) {
	if r, ok := in.phis[x.Result]; ok {
		return r, nil
	}
	t, err := b.types.get(x.ResultType)
	if err != nil {
		return nil, err
	}
	r := &sval{t: t}
	if t.op == spirv.OpTypePointer {
		if like == nil || like.ptr == nil || like.ptr.region < 0 {
			return nil, unsupported("OpPhi", "a pointer phi")
		}
		sh := b.phiShape(in, j, x, []Value{like.ptr.off})
		r.ptr = &ptr{region: like.ptr.region, comp: -1, off: b.newValue(I32, sh), t: like.ptr.t}
	} else {
		if t.leaves == nil && t.size > 0 {
			return nil, unsupported("OpPhi", "a value too large to scalarize")
		}
		var vs []Value
		if like != nil {
			vs = like.leaves
		}
		sh := b.phiShape(in, j, x, vs)
		for _, lf := range t.leaves {
			r.leaves = append(r.leaves, b.newValue(lf.kind, sh))
		}
	}
	in.phis[x.Result] = r
	return r, nil
}

func (b *builder) phiEntry(in *instance, x *spirv.Instruction) error {
	r, err := b.phiReg(in, in.pos[b.curBlock], x, nil)
	if err != nil {
		return err
	}
	in.env[x.Result] = r
	return nil
}

// edge emits what an edge from block i to target does for the lanes of
// mask e: phis, the loops' shadows it leaves, the target's mask.
func (b *builder) edge(in *instance, i int, target spirv.ID, e Value) error {
	j, ok := in.pos[target]
	if !ok {
		return fmt.Errorf("branch to %%%d, not a block of the function", target)
	}
	// Phis: incoming values first (a phi may read another of the block).
	type blendTo struct{ dst, val Value }
	var blends []blendTo
	for _, x := range in.fn.Blocks[j].Insts {
		if x.Op != spirv.OpPhi {
			break
		}
		for k := 0; k+1 < len(x.Operands); k += 2 {
			if spirv.ID(x.Operands[k+1]) != in.fn.Blocks[i].Label {
				continue
			}
			v, err := b.get(in, spirv.ID(x.Operands[k]))
			if err != nil {
				return err
			}
			r, err := b.phiReg(in, j, x, v)
			if err != nil {
				return err
			}
			if r.ptr != nil {
				if v.ptr == nil || v.ptr.region != r.ptr.region {
					return unsupported("OpPhi", "pointers into different memories")
				}
				blends = append(blends, blendTo{r.ptr.off, v.ptr.off})
				continue
			}
			for n, lv := range v.leaves {
				blends = append(blends, blendTo{r.leaves[n], lv})
			}
		}
	}
	if len(blends) > 1 {
		// Read every incoming value that is itself one of the registers
		// set here before any of them changes (a phi reading another).
		dsts := map[Value]bool{}
		for _, bt := range blends {
			dsts[bt.dst] = true
		}
		for n, bt := range blends {
			if !dsts[bt.val] {
				continue
			}
			t := b.newValue(b.kindOf(bt.val), b.shape(bt.val))
			b.set(t, bt.val)
			blends[n].val = t
		}
	}
	// Uniform phis take their value when some lane takes the edge.
	skip := int64(-1)
	for _, bt := range blends {
		if b.shape(bt.dst) == Uniform {
			if b.shape(bt.val) == Varying {
				b.failed = true // a wrong assumption: the next round makes it Varying
				b.varying[b.uniPhiOf(bt.dst)] = true
				continue
			}
			if skip < 0 {
				skip = b.label()
				b.jump(JumpIfNone, e, skip)
			}
			b.set(bt.dst, bt.val)
		}
	}
	if skip >= 0 {
		b.placeLabel(skip)
	}
	for _, bt := range blends {
		if b.shape(bt.dst) == Varying {
			b.blend(bt.dst, e, bt.val)
		}
	}
	// Shadows of the loops this edge leaves.
	for _, l := range in.inLoops[i] {
		if l.holds(j) {
			continue
		}
		for _, id := range l.order {
			v, ok := in.env[id]
			if !ok {
				continue // not defined on this path yet
			}
			sh := l.shadow[id]
			if sh == nil {
				sh = &sval{t: v.t}
				if v.ptr != nil {
					if v.ptr.region < 0 {
						return unsupported("OpLoopMerge", "a built-in pointer read after its loop")
					}
					sh.ptr = &ptr{region: v.ptr.region, comp: -1, off: b.newValue(I32, Varying), t: v.ptr.t}
				} else {
					for _, lv := range v.leaves {
						sh.leaves = append(sh.leaves, b.newValue(b.kindOf(lv), Varying))
					}
				}
				l.shadow[id] = sh
			}
			if sh.ptr != nil {
				if v.ptr == nil || v.ptr.region != sh.ptr.region {
					return unsupported("OpLoopMerge", "a pointer into different memories after its loop")
				}
				b.blend(sh.ptr.off, e, v.ptr.off)
				continue
			}
			for n, lv := range v.leaves {
				b.blend(sh.leaves[n], e, lv)
			}
		}
	}
	if in.fast[j] {
		return nil
	}
	b.accumulate(in.masks[j], e)
	return nil
}

// terminator emits the block's last instruction.
func (b *builder) terminator(in *instance, i int, x *spirv.Instruction, cur Value) error {
	a := x.Operands
	switch x.Op {
	case spirv.OpBranch:
		return b.edge(in, i, spirv.ID(a[0]), cur)
	case spirv.OpBranchConditional:
		c, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		t, f := spirv.ID(a[1]), spirv.ID(a[2])
		if t == f {
			return b.edge(in, i, t, cur)
		}
		in.varyingBranch[i] = b.shape(c[0]) == Varying
		et := b.op(MaskAnd, Mask, Mask, cur, c[0])
		ef := b.op(MaskAndNot, Mask, Mask, cur, c[0])
		if err := b.edge(in, i, t, et); err != nil {
			return err
		}
		return b.edge(in, i, f, ef)
	case spirv.OpSwitch:
		return b.switchEdges(in, i, x, cur)
	case spirv.OpReturn, spirv.OpReturnValue, spirv.OpUnreachable, spirv.OpKill, spirv.OpTerminateInvocation:
		// The interpreter ends a lane that reaches OpUnreachable or
		// OpKill as if it returned; so does the lane tier.
		if in.entry {
			return nil
		}
		if x.Op == spirv.OpReturnValue {
			v, err := b.get(in, spirv.ID(a[0]))
			if err != nil {
				return err
			}
			if v.ptr != nil {
				return unsupported("OpReturnValue", "a pointer")
			}
			if in.ret == nil {
				in.ret = &sval{t: v.t}
				for _, lv := range v.leaves {
					in.ret.leaves = append(in.ret.leaves, b.newValue(b.kindOf(lv), Varying))
				}
			}
			for n, lv := range v.leaves {
				b.blend(in.ret.leaves[n], cur, lv)
			}
		}
		b.accumulate(in.retMask, cur)
		return nil
	}
	return unsupported(x.Op.String(), "terminator")
}

func (b *builder) switchEdges(in *instance, i int, x *spirv.Instruction, cur Value) error {
	a := x.Operands
	sel, st, err := b.scalars(in, spirv.ID(a[0]))
	if err != nil {
		return err
	}
	k := st.kind()
	in.varyingBranch[i] = b.shape(sel[0]) == Varying
	words := 1
	if st.width == 64 {
		words = 2
	}
	var targets []spirv.ID
	match := map[spirv.ID]Value{}
	var any Value = NoValue
	for n := 2; n+words < len(a); n += words + 1 {
		lit := uint64(a[n])
		if words == 2 {
			lit |= uint64(a[n+1]) << 32
		}
		lit &= widthMask(st.width)
		t := spirv.ID(a[n+words])
		eq := b.op(Eq, k, Mask, sel[0], b.konst(k, lit))
		if m, ok := match[t]; ok {
			match[t] = b.op(MaskOr, Mask, Mask, m, eq)
		} else {
			match[t] = eq
			targets = append(targets, t)
		}
		if any == NoValue {
			any = eq
		} else {
			any = b.op(MaskOr, Mask, Mask, any, eq)
		}
	}
	def := spirv.ID(a[1])
	for _, t := range targets {
		if t == def {
			continue
		}
		if err := b.edge(in, i, t, b.op(MaskAnd, Mask, Mask, cur, match[t])); err != nil {
			return err
		}
	}
	e := cur
	if any != NoValue {
		e = b.op(MaskAndNot, Mask, Mask, cur, any)
		if m, ok := match[def]; ok {
			e = b.op(MaskOr, Mask, Mask, e, b.op(MaskAnd, Mask, Mask, cur, m))
		}
	}
	return b.edge(in, i, def, e)
}

// call inlines a function call; it returns the mask of the lanes that
// return from it.
func (b *builder) call(in *instance, x *spirv.Instruction, cur Value) (Value, error) {
	fn := b.x.Funcs[spirv.ID(x.Operands[0])]
	if fn == nil || len(fn.Blocks) == 0 {
		return cur, unsupported("OpFunctionCall", "a function without a body")
	}
	callee := b.newInstance(fn)
	if len(fn.Params) != len(x.Operands)-1 {
		return cur, fmt.Errorf("call with %d arguments to a function of %d parameters", len(x.Operands)-1, len(fn.Params))
	}
	for n, p := range fn.Params {
		v, err := b.get(in, spirv.ID(x.Operands[1+n]))
		if err != nil {
			return cur, err
		}
		callee.env[p.Result] = v
	}
	save := b.cur
	if err := b.function(callee, cur); err != nil {
		return cur, err
	}
	b.cur = save
	if callee.ret != nil {
		in.env[x.Result] = callee.ret
	}
	return callee.retMask, nil
}
