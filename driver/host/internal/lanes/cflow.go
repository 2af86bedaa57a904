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
//
// Constructs whose branches are all Uniform skip most of this: their
// blocks are entered by real jumps and take their phis by copies
// (uniflow.go); phis that are another value on every way in are that
// value (uniphi.go); masks Build knows are folded (maskfold.go).

// instance is one inlined copy of a function.
type instance struct {
	fn    *spirv.Function
	env   map[spirv.ID]*sval
	pos   map[spirv.ID]int
	masks []Value // per block: its mask register, or NoValue (fast or entry)
	fast  []bool  // the block runs under its only predecessor's mask, which falls into it
	loops map[int]*loop
	// loopList holds the loops of loops in block order: what ranges over
	// the loops uses it, so that Build gives the same program every time
	// (shadow registers are made in the order of inLoops).
	loopList []*loop
	ends     map[int][]*loop // loops by their last block
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
	// Converged constructs (uniflow.go): the direct blocks, the
	// construct each relies on, their entry labels, and the labels that
	// wait for the next resume point.
	direct []bool
	dcons  []*construct
	labels []int64
	pend   []int64
	// Varying sealed constructs with direct merges (sealed.go): per
	// block the merge of the one it heads and the header of the one it
	// merges, or -1; stash holds the labels waiting for a resume point
	// when such a construct was entered, to wait past its merge.
	sealed []span
	// sealedTree indexes sealed by block (sealed.go), nil where the
	// spans do not nest.
	sealedTree *sealedTree
	// sealedVarying marks the sealed constructs found Varying.
	sealedVarying []bool
	sealHead      []int
	sealAt        []int
	stash         [][]int64
	// single marks the blocks of such a construct whose one edge comes
	// from its header: their mask is that edge's, edgeMask (no register).
	single   []bool
	edgeMask []Value
	// falls marks the blocks that run under their one edge's mask as
	// the block before computed it (fallsInto).
	falls []bool
	// entryCur is each emitted block's mask at its start.
	entryCur []Value
	// trivial maps a phi whose every incoming value is one id to that
	// id (uniphi.go).
	trivial map[origin]origin
	preds   [][]int // per block: the blocks with edges into it
	// shape is the function's analyses that all its copies share
	// (fnshape.go).
	shape *fnShape
}

// loop is a loop construct: blocks [head, merge) in order.
type loop struct {
	head, merge int
	top, end    int64
	shadow      map[spirv.ID]*sval // ids read after the loop: their shadows
	order       []spirv.ID
	// jumps: the back edges are jumps to top (uniflow.go); no end test.
	jumps bool
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

// deadEdge reports whether terminator t branches to s only on a
// constant condition that does not hold.
func (b *builder) deadEdge(t *spirv.Instruction, s spirv.ID) bool {
	if t.Op != spirv.OpBranchConditional || t.Operands[1] == t.Operands[2] {
		return false
	}
	def := b.x.Defs[spirv.ID(t.Operands[0])]
	if def == nil {
		return false
	}
	switch def.Op {
	case spirv.OpConstantTrue, spirv.OpConstantFalse, spirv.OpSpecConstantTrue, spirv.OpSpecConstantFalse:
	default:
		return false
	}
	c, err := b.constant(def.Result)
	if err != nil || len(c.bits) != 1 {
		return false
	}
	taken := t.Operands[1]
	if c.bits[0] == 0 {
		taken = t.Operands[2]
	}
	return spirv.ID(taken) != s
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
	fs, err := b.fnShapeOf(fn)
	if err != nil {
		return err
	}
	in.shape = fs
	in.pos = fs.pos
	in.phis = map[spirv.ID]*sval{}
	in.loops, in.ends = map[int]*loop{}, map[int][]*loop{}
	in.mergeHead = fs.mergeHead
	in.varyingBranch = make([]bool, n)
	preds := fs.preds
	for k, s := range fs.loops {
		l := &loop{head: s.head, merge: s.merge, top: b.label(), end: b.label(), shadow: map[spirv.ID]*sval{}}
		if fs.shadows != nil {
			l.order = fs.shadows[k]
		}
		in.loops[s.head] = l
		in.loopList = append(in.loopList, l)
		in.ends[s.merge-1] = append(in.ends[s.merge-1], l)
	}
	in.inLoops = make([][]*loop, n)
	for _, l := range in.loopList {
		for i := l.head; i < l.merge; i++ {
			in.inLoops[i] = append(in.inLoops[i], l)
		}
	}
	in.preds = preds
	b.findTrivialPhis(in)
	b.assumeUniformExits(in)
	in.fast = make([]bool, n)
	in.masks = make([]Value, n)
	for i := 1; i < n; i++ {
		if len(preds[i]) == 1 && preds[i][0] == i-1 && in.loops[i] == nil && len(in.ends[i-1]) == 0 &&
			(i-1 == 0 || in.fast[i-1] || len(preds[i-1]) > 0) &&
			fn.Blocks[i-1].Insts[len(fn.Blocks[i-1].Insts)-1].Op == spirv.OpBranch {
			in.fast[i] = true
		}
	}
	b.findConverged(in, preds)
	in.entryCur = make([]Value, n)
	for i := range n {
		in.masks[i], in.entryCur[i] = NoValue, NoValue
		if i == 0 || in.fast[i] || in.direct[i] || in.single[i] || len(preds[i]) == 0 {
			continue // the entry, fast, direct, or unreachable (not emitted)
		}
		in.masks[i] = b.newReg(Mask, Varying)
		b.set(in.masks[i], b.konst(Mask, 0))
	}
	if !in.entry {
		in.retMask = b.newReg(Mask, Varying)
		b.set(in.retMask, b.konst(Mask, 0))
	}
	cur := m
	// A block without lanes is skipped, with the blocks that fall into
	// it (fast ones) and the direct blocks after them: its skip label
	// waits for the next resume point (in.pend).
	for i, bl := range fn.Blocks {
		if in.sealHead[i] >= 0 && in.loops[i] != nil {
			b.stashPend(in)
		}
		switch l := in.loops[i]; {
		case i > 0 && len(preds[i]) == 0:
			// Unreachable: no code, but a loop may end here.
			b.endLoops(in, i)
			continue
		case i > 0 && in.sealAt[i] >= 0:
			// Every lane of the sealed construct comes here: the code
			// before falls into it, skipped blocks resume here.
			b.placePend(in)
			in.pend = in.stash[len(in.stash)-1]
			in.stash = in.stash[:len(in.stash)-1]
			cur = in.entryCur[in.dcons[i].head]
			if cur == NoValue {
				cur = b.konst(Mask, 0)
			}
		case i > 0 && in.direct[i]:
			// The label is needed unless the one edge into the block
			// falls into it.
			if !b.fallInto(in, in.labels[i]) || l != nil || !onePred(preds[i]) {
				b.placeLabel(in.labels[i])
			}
			if l != nil {
				b.enterLoop()
				b.placeLabel(l.top)
			}
			// The lanes of a converged construct are those that entered
			// its header.
			cur = in.entryCur[in.dcons[i].head]
			if cur == NoValue {
				cur = b.konst(Mask, 0) // the header is never emitted
			}
		case i > 0 && (in.single[i] || in.falls[i]):
			if in.falls[i] && len(in.pend) > 0 {
				return fmt.Errorf("block %%%d: entered by falling through, yet code waits for it", bl.Label)
			}
			b.placePend(in)
			cur = in.edgeMask[i]
			if cur == NoValue {
				cur = b.konst(Mask, 0)
			}
			skip := b.label()
			b.jump(JumpIfNone, cur, skip)
			in.pend = append(in.pend, skip)
		case i > 0 && !in.fast[i]:
			b.placePend(in)
			if l != nil && !l.jumps {
				b.enterLoop()
				b.placeLabel(l.top)
			}
			cur = b.newReg(Mask, Varying)
			b.set(cur, in.masks[i])
			b.set(in.masks[i], b.konst(Mask, 0))
			switch {
			case l != nil && l.jumps:
				// Entered once; the back edges jump past this test.
				b.jump(JumpIfNone, cur, l.end)
				b.enterLoop()
				b.placeLabel(l.top)
			case l != nil:
				b.jump(JumpIfNone, cur, l.end)
			default:
				skip := b.label()
				b.jump(JumpIfNone, cur, skip)
				in.pend = append(in.pend, skip)
			}
		case l != nil:
			return unsupported("OpLoopMerge", "a loop header as the entry block")
		}
		if in.sealHead[i] >= 0 && in.loops[i] == nil {
			b.stashPend(in)
		}
		in.entryCur[i] = cur
		var err error
		if cur, err = b.block(in, i, bl, cur); err != nil {
			return err
		}
		b.endLoops(in, i)
	}
	b.placePend(in)
	return nil
}

// endLoops emits the ends of the loops whose last block is block i: run
// again while lanes took a back edge (loops whose back edges jump need
// no test; a skipped one goes on at the next resume point); after the
// loop, its shadows stand for the values it defined.
func (b *builder) endLoops(in *instance, i int) {
	for _, l := range in.ends[i] {
		if len(in.preds[l.head]) == 0 {
			continue // no lane reaches the loop: it has no code
		}
		switch {
		case l.jumps && !in.direct[l.head]:
			in.pend = append(in.pend, l.end)
		case !l.jumps:
			b.placePend(in)
			b.jump(JumpIfAny, in.masks[l.head], l.top)
			b.placeLabel(l.end)
		}
		b.leaveLoop()
		for _, id := range l.order {
			if sh := l.shadow[id]; sh != nil {
				in.env[id] = sh
			}
		}
	}
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
		if like == nil || like.ptr == nil || like.ptr.region < 0 && like.ptr.region != physRegion {
			return nil, unsupported("OpPhi", "a pointer phi")
		}
		sh := b.phiShape(in, j, x, []Value{like.ptr.off})
		r.ptr = &ptr{region: like.ptr.region, comp: -1, off: b.newReg(b.kindOf(like.ptr.off), sh), t: like.ptr.t}
	} else if t.big() {
		m, err := b.bigTemp(t, "OpPhi") // bigval.go
		if err != nil {
			return nil, err
		}
		r.mem = m
	} else {
		var vs []Value
		if like != nil {
			vs = like.leaves
		}
		sh := b.phiShape(in, j, x, vs)
		for _, lf := range t.leaves {
			r.leaves = append(r.leaves, b.newReg(lf.kind, sh))
		}
	}
	in.phis[x.Result] = r
	return r, nil
}

func (b *builder) phiEntry(in *instance, x *spirv.Instruction) error {
	r, err := b.phiValue(in, in.pos[b.curBlock], x)
	if err != nil {
		return err
	}
	in.env[x.Result] = r
	return nil
}

// edge emits what an edge from block i to target does for the lanes of
// mask e: phis, the loops' shadows it leaves, the target's mask. An edge
// no lane can take (e the constant 0) does nothing.
func (b *builder) edge(in *instance, i int, target spirv.ID, e Value) error {
	j, ok := in.pos[target]
	if !ok {
		return fmt.Errorf("branch to %%%d, not a block of the function", target)
	}
	if bits, ok := b.constBits(e); ok && bits == 0 {
		return nil
	}
	moves, big, err := b.phiMoves(in, i, j)
	if err != nil {
		return err
	}
	b.readFirst(moves)
	// An edge out of a loop is taken by a lane once, in one iteration,
	// yet runs in every one: where it blends values, the whole edge
	// waits behind one test of its mask.
	guard := int64(-1)
	if b.shape(e) == Varying && !b.justTested(e) && b.exitBlends(in, i, j, moves) {
		guard = b.label()
		b.jump(JumpIfNone, e, guard)
		defer b.placeLabel(guard)
	}
	// Uniform phis take their value when some lane takes the edge.
	skip := int64(-1)
	for _, mv := range moves {
		if b.shape(mv.dst) == Uniform {
			if b.shape(mv.val) == Varying {
				b.failed = true // a wrong assumption: the next round makes it Varying
				b.varying[b.uniPhiOf(mv.dst)] = true
				continue
			}
			if skip < 0 && guard < 0 {
				skip = b.label()
				b.jump(JumpIfNone, e, skip)
			}
			b.set(mv.dst, mv.val)
		}
	}
	if skip >= 0 {
		b.placeLabel(skip)
	}
	whole := b.soleBackEdge(in, i, j)
	for _, mv := range moves {
		if b.shape(mv.dst) == Varying {
			if whole {
				b.set(mv.dst, mv.val)
				continue
			}
			b.blend(mv.dst, e, mv.val)
		}
	}
	if err := b.bigMoves(big, e); err != nil { // bigval.go
		return err
	}
	if err := b.leaveLoops(in, i, j, e); err != nil {
		return err
	}
	if in.fast[j] || in.direct[j] {
		return nil // a fast block or a sealed construct's merge: no mask
	}
	if in.single[j] || b.fallsInto(in, i, j) {
		if in.edgeMask[j] != NoValue {
			e = b.op(MaskOr, Mask, Mask, in.edgeMask[j], e)
		}
		in.edgeMask[j] = e
		return nil
	}
	b.accumulate(in.masks[j], e)
	return nil
}

// justTested reports whether the last op emitted jumps if mask e has no
// lane (a block's own entry test, its mask the edge's).
func (b *builder) justTested(e Value) bool {
	n := len(b.p.Ops)
	return n > 0 && b.p.Ops[n-1].Code == JumpIfNone && b.p.Ops[n-1].A == e
}

// exitBlends reports whether the edge from block i to block j leaves a
// loop and blends a value: a Varying phi of j or a shadow of a loop it
// leaves.
func (b *builder) exitBlends(in *instance, i, j int, moves []move) bool {
	leaves, blends := false, false
	for _, l := range in.inLoops[i] {
		if !l.holds(j) {
			leaves = true
			blends = blends || len(l.order) > 0
		}
	}
	if !leaves {
		return false
	}
	for _, mv := range moves {
		blends = blends || b.shape(mv.dst) == Varying
	}
	return blends
}

// fallsInto reports whether the edge from block i to block j is j's one
// edge and j is the next block, reached only by falling through from
// i's code in the same pass: no label waits for a resume point (i's own
// skip label would), no loop ends at i, j is no loop's header. j then
// runs under the edge's mask as i computed it, with no register to
// gather into, read and clear (a loop body after its header's per-lane
// exit test, an if's first arm after a block that runs).
func (b *builder) fallsInto(in *instance, i, j int) bool {
	if j != i+1 || in.fast[j] || in.direct[j] || in.loops[j] != nil || len(in.ends[i]) > 0 ||
		len(in.pend) > 0 || !onePred(in.preds[j]) || in.preds[j][0] != i {
		return false
	}
	in.falls[j] = true
	return true
}

// soleBackEdge reports whether the edge from block i to block j is its
// loop's only back edge, from the loop's last block. Its header's phis
// then take their values by plain copies, not blends: a lane of the loop
// that does not take it has left the loop for good (an iteration ends
// at the back edge or at an exit, and the values read after the loop
// are the shadows, blended on the exits), the lanes that never entered
// never read them, and no block of the iteration runs after it.
func (b *builder) soleBackEdge(in *instance, i, j int) bool {
	l := in.loops[j]
	if l == nil || i < j || i != l.merge-1 {
		return false
	}
	for _, p := range in.preds[j] {
		if p >= j && p != i {
			return false
		}
	}
	return true
}

// move is a phi's register and the value an edge gives it.
type move struct{ dst, val Value }

// phiMoves lists what the edge from block i gives block j's phis: a
// parallel copy (every incoming value is read before any phi changes);
// the phis of values too large to scalarize as copies of memory
// (bigval.go).
func (b *builder) phiMoves(in *instance, i, j int) ([]move, []bigMove, error) {
	var moves []move
	var big []bigMove
	for _, x := range in.fn.Blocks[j].Insts {
		if x.Op != spirv.OpPhi {
			break
		}
		if _, ok := in.trivial[origin{x.Result, -1}]; ok {
			continue
		}
		for k := 0; k+1 < len(x.Operands); k += 2 {
			if spirv.ID(x.Operands[k+1]) != in.fn.Blocks[i].Label {
				continue
			}
			v, err := b.get(in, spirv.ID(x.Operands[k]))
			if err != nil {
				return nil, nil, err
			}
			r, err := b.phiReg(in, j, x, v)
			if err != nil {
				return nil, nil, err
			}
			if r.mem != nil {
				if v.mem == nil {
					return nil, nil, unsupported("OpPhi", "%%%d is not a value of the phi's type", x.Operands[k])
				}
				big = append(big, bigMove{r.mem, v.mem, r.t})
				continue
			}
			if r.ptr != nil {
				if v.ptr == nil || v.ptr.region != r.ptr.region {
					return nil, nil, unsupported("OpPhi", "pointers into different memories")
				}
				moves = append(moves, move{r.ptr.off, v.ptr.off})
				continue
			}
			for n, lv := range v.leaves {
				if _, ok := in.trivial[origin{x.Result, n}]; !ok {
					moves = append(moves, move{r.leaves[n], lv})
				}
			}
		}
	}
	return moves, big, nil
}

// readFirst makes a parallel copy safe to do in any order: an incoming
// value that is itself one of the registers set is read into a
// temporary first (a phi reading another).
func (b *builder) readFirst(moves []move) {
	if len(moves) < 2 {
		return
	}
	dsts := map[Value]bool{}
	for _, mv := range moves {
		dsts[mv.dst] = true
	}
	for n, mv := range moves {
		if !dsts[mv.val] {
			continue
		}
		t := b.newValue(b.kindOf(mv.val), b.shape(mv.val))
		b.set(t, mv.val)
		moves[n].val = t
	}
}

// leaveLoops blends, for the lanes of e, the shadows of the loops that
// the edge from block i to block j leaves.
func (b *builder) leaveLoops(in *instance, i, j int, e Value) error {
	for _, l := range in.inLoops[i] {
		if l.holds(j) {
			continue
		}
		for _, id := range l.order {
			v, ok := in.env[id]
			if !ok {
				continue // not defined on this path yet
			}
			v = physPtr(v)
			sh := l.shadow[id]
			if sh == nil {
				sh = &sval{t: v.t}
				if v.ptr != nil {
					if v.ptr.region < 0 && v.ptr.region != physRegion {
						return unsupported("OpLoopMerge", "a built-in pointer read after its loop")
					}
					sh.ptr = &ptr{region: v.ptr.region, comp: -1, off: b.newReg(b.kindOf(v.ptr.off), Varying), t: v.ptr.t}
				} else {
					for _, lv := range v.leaves {
						sh.leaves = append(sh.leaves, b.newReg(b.kindOf(lv), Varying))
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
	return nil
}

// terminator emits the block's last instruction.
func (b *builder) terminator(in *instance, i int, x *spirv.Instruction, cur Value) error {
	a := x.Operands
	switch x.Op {
	case spirv.OpBranch:
		j, ok := in.pos[spirv.ID(a[0])]
		if !ok {
			return fmt.Errorf("branch to %%%d, not a block of the function", a[0])
		}
		return b.anyEdge(in, i, j, cur)
	case spirv.OpBranchConditional:
		c, _, err := b.scalars(in, spirv.ID(a[0]))
		if err != nil {
			return err
		}
		t, okt := in.pos[spirv.ID(a[1])]
		f, okf := in.pos[spirv.ID(a[2])]
		if !okt || !okf {
			return fmt.Errorf("branch to %%%d or %%%d, not blocks of the function", a[1], a[2])
		}
		if bits, ok := b.constBits(c[0]); ok || t == f {
			if ok && bits == 0 {
				t = f
			}
			return b.anyEdge(in, i, t, cur)
		}
		in.varyingBranch[i] = b.shape(c[0]) == Varying
		dt, df := b.isDirect(in, i, t), b.isDirect(in, i, f)
		// An edge into a sealed construct's merge that gives no phi a
		// value does nothing: the merge has no mask.
		nt, nf := b.noEdge(in, i, t), b.noEdge(in, i, f)
		if !dt && !nt {
			if err := b.edge(in, i, spirv.ID(a[1]), b.op(MaskAnd, Mask, Mask, cur, c[0])); err != nil {
				return err
			}
		}
		if !df && !nf {
			if err := b.edge(in, i, spirv.ID(a[2]), b.op(MaskAndNot, Mask, Mask, cur, c[0])); err != nil {
				return err
			}
		}
		var gs []guard
		if dt {
			gs = append(gs, guard{t, JumpIfNone, c[0]})
		}
		if df {
			gs = append(gs, guard{f, JumpIfAny, c[0]})
		}
		return b.uniformEdges(in, i, cur, gs, dt && df)
	case spirv.OpSwitch:
		return b.switchEdges(in, i, x, cur)
	case spirv.OpReturn, spirv.OpReturnValue, spirv.OpUnreachable, spirv.OpKill, spirv.OpTerminateInvocation:
		// A lane that reaches OpUnreachable or OpKill ends as if it
		// returned.
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
			if v.mem != nil { // bigval.go
				if in.ret == nil {
					m, err := b.bigTemp(v.t, "OpReturnValue")
					if err != nil {
						return err
					}
					in.ret = &sval{t: v.t, mem: m}
				}
				if err := b.copyMem(in.ret.mem, v.mem, v.t, cur, "OpReturnValue"); err != nil {
					return err
				}
			} else if in.ret == nil {
				in.ret = &sval{t: v.t}
				for _, lv := range v.leaves {
					in.ret.leaves = append(in.ret.leaves, b.newReg(b.kindOf(lv), Varying))
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

// noEdge reports whether the edge from block i to block j is into a
// sealed construct's merge (sealed.go) and only passes lanes: no phi
// takes a value, no loop is left.
func (b *builder) noEdge(in *instance, i, j int) bool {
	return in.sealAt[j] >= 0 && b.bare(in, i, j)
}

// guard is a direct edge of a branch (uniflow.go): to block target,
// passed over when jump test on the Uniform mask m would jump.
type guard struct {
	target int
	test   Code
	m      Value
}

// uniformEdges emits a branch's direct edges, each a test and a jump;
// where every target is direct (all) the last needs no test. The edge
// into the next block in order goes last, so that it falls into it.
func (b *builder) uniformEdges(in *instance, i int, cur Value, gs []guard, all bool) error {
	for k, g := range gs {
		if g.target == i+1 && k < len(gs)-1 {
			gs = append(append(gs[:k:k], gs[k+1:]...), g)
			break
		}
	}
	for k, g := range gs {
		if all && k == len(gs)-1 {
			return b.directEdge(in, i, g.target, cur)
		}
		if b.bare(in, i, g.target) {
			// Nothing to copy: one conditional jump to the target.
			test := JumpIfAny
			if g.test == JumpIfAny {
				test = JumpIfNone
			}
			b.jump(test, g.m, b.directTarget(in, i, g.target))
			continue
		}
		skip := b.label()
		b.jump(g.test, g.m, skip)
		if err := b.directEdge(in, i, g.target, cur); err != nil {
			return err
		}
		b.placeLabel(skip)
	}
	return nil
}

// switchEdges emits an OpSwitch: per target the mask of the selector
// values that lead to it (the default: of none of the cases, or its
// own), its edge under that mask and cur, or a direct edge.
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
	var targets []int
	match := map[int]Value{}
	var any Value = NoValue
	for n := 2; n+words < len(a); n += words + 1 {
		lit := uint64(a[n])
		if words == 2 {
			lit |= uint64(a[n+1]) << 32
		}
		lit &= widthMask(st.width)
		t, ok := in.pos[spirv.ID(a[n+words])]
		if !ok {
			return fmt.Errorf("branch to %%%d, not a block of the function", a[n+words])
		}
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
	def, ok := in.pos[spirv.ID(a[1])]
	if !ok {
		return fmt.Errorf("branch to %%%d, not a block of the function", a[1])
	}
	defSel := b.konst(Mask, 0xffffffff)
	if any != NoValue {
		defSel = b.op(MaskNot, Mask, Mask, any)
		if m, ok := match[def]; ok {
			defSel = b.op(MaskOr, Mask, Mask, defSel, m)
		}
	}
	if _, ok := match[def]; !ok {
		targets = append(targets, def)
	}
	match[def] = defSel
	var gs []guard
	all := true
	for _, t := range targets {
		if b.isDirect(in, i, t) {
			gs = append(gs, guard{t, JumpIfNone, match[t]})
			continue
		}
		all = false
		if err := b.edge(in, i, in.fn.Blocks[t].Label, b.op(MaskAnd, Mask, Mask, cur, match[t])); err != nil {
			return err
		}
	}
	return b.uniformEdges(in, i, cur, gs, all)
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
