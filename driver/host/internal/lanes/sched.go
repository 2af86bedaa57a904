package lanes

import (
	"slices"

	"github.com/clgo/clgo/internal/config"
)

// Scheduling for register pressure. Build emits a wide vector's ops
// component by component, statement by statement: `x = mad(y, x, y);
// y = mad(x, y, x)` on double16 is x0'..x15', then y0'..y15', so that
// 32 results are live at every point although each component's chain is
// independent of the others. The native tier keeps values in ten cache
// registers (package jit); with more live than that, every op reads its
// operands from the frame and writes its result back. schedule reorders
// the ops of each straight-line stretch so that a chain of dependent
// ops runs to its end before the next starts (component 0's whole
// chain, then component 1's), which needs a handful of registers.
//
// A stretch is the ops up to and including the next control-flow op
// (Label, jumps, Barrier, SubgroupSync, Subgroup, Exit). Inside it,
// only the arithmetic ops move (movable): memory accesses, traps,
// image ops, Selects, Index, compares and mask ops keep their order and,
// where they were consecutive, stay consecutive (a unit): package jit
// matches runs of them (vector loads with their Index prefix, Select
// runs, a compare and its jump, texel register groups). The ops right
// before the stretch's end that are not movable stay at its end with it.
// A movable op moves subject to its dependencies on values: it comes
// after the writer of each value it reads, a write of a value after
// every read and write of it before (values written more than once:
// masks, phis, shadows).
//
// The order is a list schedule: of the ops whose dependencies are met,
// those that the last op made ready come first, latest made first (a
// depth-first walk along the chains), else the one first in the old
// order. The new order replaces the old only where it lowers the most
// registers' worth of values live at one point (pressure) and the old
// order held more than the cache: code that fits is left as Build
// emitted it. Each stretch is linear to schedule.

// schedRegs is the native tier's register cache, in ymm registers: a
// stretch whose pressure stays within it is not reordered.
const schedRegs = 10

// scheduleOn is CLGO_HOST_SCHED: "0" keeps Build's emission order, to
// measure what scheduling does.
var scheduleOn = config.Get(config.HostSched) != "0"

// schedule reorders each stretch of b's program (above).
func (b *builder) schedule() {
	if scheduleOn {
		scheduleOps(b.p)
	}
}

// boundary reports whether an op of code ends a stretch: nothing moves
// across it.
func boundary(code Code) bool {
	switch code {
	case Label, Jump, JumpIfNone, JumpIfAny, Barrier, Exit, SubgroupSync, Subgroup:
		return true
	}
	return false
}

// movable reports whether op o may move inside its stretch: it only
// computes its Dst from its operands, and no pattern of package jit
// looks for it at a place. Masks stay: the copies of a block's mask
// before its jump are the lane program's control flow.
func movable(o *Op) bool {
	switch o.Code {
	case Select, Index, LiveLanes, Eq, Ne, ULt, ULe, SLt, SLe,
		MaskAnd, MaskOr, MaskAndNot, MaskNot, MaskXor,
		FOrdEq, FOrdNe, FOrdLt, FOrdLe, FUnordEq, FUnordNe, FUnordLt, FUnordLe,
		IsNan, IsInf, SignBit, IsOrdered:
		return false
	}
	return o.Kind != Mask && pureCode(o.Code)
}

// scheduleOps schedules every stretch of p, and returns where each op
// came from: perm[new index] = old index.
func scheduleOps(p *Program) (perm []int32) {
	r := findRanges(p)
	r.extendOverLoops()
	s := newScheduler(p, r)
	s.perm = make([]int32, len(p.Ops))
	for i := range s.perm {
		s.perm[i] = int32(i)
	}
	start := 0
	for i, op := range p.Ops {
		if boundary(op.Code) {
			s.stretch(start, i)
			start = i + 1
		}
	}
	if start < len(p.Ops) {
		s.stretch(start, len(p.Ops)-1)
	}
	return s.perm
}

// scheduler holds the scratch of scheduleOps, reused from stretch to
// stretch; arrays by value are reset for the values a stretch touched.
type scheduler struct {
	p    *Program
	r    *ranges
	perm []int32 // scheduleOps' result
	// By value: the op of the stretch that last wrote it (-1: none),
	// the head of the list of its reads since (readNext links them),
	// and its first and last mention in an order being measured.
	writer   []int32
	readHead []int32
	firstAt  []int32
	lastAt   []int32
	touched  []Value
	readOp   []int32 // read list entries: the reading op
	readNext []int32 // the next entry, -1 at the end
	// By op of the stretch (index from its start): its node.
	node []int32
	// By node: its first op, the number of unmet dependencies, and its
	// successors (succ[succAt[n]:succAt[n+1]]).
	nodeFirst []int32
	npred     []int32
	succAt    []int32
	succ      []int32
	edges     [][2]int32
	stamp     []int32
	order     []int32 // the new order, as op indexes
	hot       []int32
	cold      []int32
	newOps    []Op
	diff      []int32
}

func newScheduler(p *Program, r *ranges) *scheduler {
	n := len(p.Values)
	s := &scheduler{p: p, r: r,
		writer: make([]int32, n), readHead: make([]int32, n),
		firstAt: make([]int32, n), lastAt: make([]int32, n)}
	for v := range n {
		s.writer[v], s.readHead[v], s.firstAt[v], s.lastAt[v] = -1, -1, -1, -1
	}
	return s
}

// stretch schedules ops start..end (end included, a boundary or the
// program's last op).
func (s *scheduler) stretch(start, end int) {
	ops := s.p.Ops
	// The tail: end and the ops before it that may not move.
	tail := end
	for tail > start && !movable(&ops[tail-1]) {
		tail--
	}
	if tail-start < 3 {
		return
	}
	old := s.pressure(start, end, nil)
	if old <= schedRegs {
		return
	}
	s.buildGraph(start, tail)
	s.listSchedule(start, tail)
	for i := tail; i <= end; i++ {
		s.order = append(s.order, int32(i))
	}
	if s.pressure(start, end, s.order) >= old {
		return
	}
	s.newOps = s.newOps[:0]
	for _, i := range s.order {
		s.newOps = append(s.newOps, ops[i])
	}
	copy(ops[start:], s.newOps)
	for k, i := range s.order {
		s.perm[start+k] = int32(i)
	}
}

// reads calls f for each value op o reads.
func reads(o *Op, f func(Value)) {
	for _, v := range [4]Value{o.A, o.B, o.C, o.M} {
		if v != NoValue {
			f(v)
		}
	}
}

// buildGraph makes the nodes of ops start..tail-1 and the dependencies
// between them.
func (s *scheduler) buildGraph(start, tail int) {
	ops := s.p.Ops
	n := tail - start
	s.node = s.node[:0]
	s.nodeFirst = s.nodeFirst[:0]
	for i := start; i < tail; i++ {
		if movable(&ops[i]) || i == start || movable(&ops[i-1]) {
			s.nodeFirst = append(s.nodeFirst, int32(i))
		}
		s.node = append(s.node, int32(len(s.nodeFirst)-1))
	}
	nn := len(s.nodeFirst)
	s.edges = s.edges[:0]
	s.stamp = resize(s.stamp, nn)
	for k := range s.stamp {
		s.stamp[k] = -1
	}
	s.readOp, s.readNext = s.readOp[:0], s.readNext[:0]
	s.touched = s.touched[:0]
	touch := func(v Value) {
		if s.writer[v] < 0 && s.readHead[v] < 0 {
			s.touched = append(s.touched, v)
		}
	}
	// Edges into a node are made together (its ops are consecutive),
	// so stamp[from] == to says the edge is there.
	edge := func(from int32, to int32) {
		if from != to && s.stamp[from] != to {
			s.stamp[from] = to
			s.edges = append(s.edges, [2]int32{from, to})
		}
	}
	lastPinned := int32(-1)
	for j := range n {
		i := start + j
		o := &ops[i]
		nj := s.node[j]
		if !movable(o) && (j == 0 || s.node[j-1] != nj) {
			if lastPinned >= 0 {
				edge(lastPinned, nj)
			}
			lastPinned = nj
		}
		reads(o, func(v Value) {
			touch(v)
			if w := s.writer[v]; w >= 0 {
				edge(s.node[w], nj)
			}
			s.readOp = append(s.readOp, int32(j))
			s.readNext = append(s.readNext, s.readHead[v])
			s.readHead[v] = int32(len(s.readOp) - 1)
		})
		if d := o.Dst; d != NoValue {
			touch(d)
			if w := s.writer[d]; w >= 0 {
				edge(s.node[w], nj)
			}
			for e := s.readHead[d]; e >= 0; e = s.readNext[e] {
				edge(s.node[s.readOp[e]], nj)
			}
			s.readHead[d] = -1
			s.writer[d] = int32(j)
		}
	}
	for _, v := range s.touched {
		s.writer[v], s.readHead[v] = -1, -1
	}
	// Successor lists by counting sort of the edges on their source.
	s.npred = resize(s.npred, nn)
	s.succAt = resize(s.succAt, nn+1)
	for k := range nn + 1 {
		s.succAt[k] = 0
	}
	for k := range s.npred {
		s.npred[k] = 0
	}
	for _, e := range s.edges {
		s.succAt[e[0]+1]++
		s.npred[e[1]]++
	}
	for k := range nn {
		s.succAt[k+1] += s.succAt[k]
	}
	s.succ = resize(s.succ, len(s.edges))
	fill := s.stamp[:nn]
	for k := range nn {
		fill[k] = s.succAt[k]
	}
	for _, e := range s.edges {
		s.succ[fill[e[0]]] = e[1]
		fill[e[0]]++
	}
}

// listSchedule orders the nodes (above) into s.order.
func (s *scheduler) listSchedule(start, tail int) {
	nn := len(s.nodeFirst)
	s.order = s.order[:0]
	s.hot = s.hot[:0]
	// The nodes ready from the start, in the old order (nodes are
	// numbered in it); every other node is made ready by one scheduled
	// and goes on the hot stack then.
	s.cold = s.cold[:0]
	for k := range int32(nn) {
		if s.npred[k] == 0 {
			s.cold = append(s.cold, k)
		}
	}
	for c := 0; ; {
		var k int32
		if len(s.hot) > 0 {
			k = s.hot[len(s.hot)-1]
			s.hot = s.hot[:len(s.hot)-1]
		} else if c < len(s.cold) {
			k = s.cold[c]
			c++
		} else {
			break
		}
		// The node's ops, in their old order.
		for i := int(s.nodeFirst[k]); i < tail && s.node[i-start] == k; i++ {
			s.order = append(s.order, int32(i))
		}
		// Successors made ready go on the hot stack, the first in the
		// old order on top.
		mark := len(s.hot)
		for _, t := range s.succ[s.succAt[k]:s.succAt[k+1]] {
			if s.npred[t]--; s.npred[t] == 0 {
				s.hot = append(s.hot, t)
			}
		}
		// Successor lists are in the old order (edges are made node
		// by node): reversed, the first is on top.
		slices.Reverse(s.hot[mark:])
	}
}

// pressure is the most registers' worth of values live at one point of
// ops start..end run in order (nil: the old order): a Varying value
// counts one ymm register per 32 bytes of 8 lanes (a 64-bit kind two).
// Values live across the whole stretch count in every order and are
// left out; a value live into the stretch is live from its start, one
// live out of it to its end.
func (s *scheduler) pressure(start, end int, order []int32) int {
	n := end - start + 1
	s.diff = resize(s.diff, n+1)
	for k := range s.diff {
		s.diff[k] = 0
	}
	s.touched = s.touched[:0]
	at := func(pos int32, v Value) {
		if v == NoValue || s.p.Values[v].Const || s.p.Values[v].Shape != Varying {
			return
		}
		if s.firstAt[v] < 0 {
			s.firstAt[v] = pos
			s.touched = append(s.touched, v)
		}
		s.lastAt[v] = pos
	}
	for pos := range int32(n) {
		i := start + int(pos)
		if order != nil {
			i = int(order[pos])
		}
		o := &s.p.Ops[i]
		at(pos, o.A)
		at(pos, o.B)
		at(pos, o.C)
		at(pos, o.M)
		at(pos, o.Dst)
	}
	for _, v := range s.touched {
		f, l := s.firstAt[v], s.lastAt[v]
		s.firstAt[v], s.lastAt[v] = -1, -1
		// A loop extends the ranges it carries to its back edge, a
		// stretch's end: that is live out too.
		in, out := s.r.first[v] < start, s.r.last[v] >= end
		if in && out {
			continue
		}
		if in {
			f = 0
		}
		if out {
			l = int32(n - 1)
		}
		w := int32(1)
		if s.p.Values[v].Kind.Bytes() == 8 {
			w = 2
		}
		s.diff[f] += w
		s.diff[l+1] -= w
	}
	most, cur := int32(0), int32(0)
	for _, d := range s.diff[:n] {
		cur += d
		most = max(most, cur)
	}
	return int(most)
}

// resize is xs with length n, reusing its array where it is big enough.
func resize(xs []int32, n int) []int32 {
	if cap(xs) >= n {
		return xs[:n]
	}
	return make([]int32, n)
}
