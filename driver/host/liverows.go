package host

import (
	"math"
	"slices"

	"github.com/clgo/clgo/spirv"
)

// Rows by liveness. Every value gets rows of its own in the first Prepare;
// where those rows are named by compiled code is recorded as a hull of
// positions in the structured block order of its function. Values whose
// hulls do not overlap then share rows in a second Prepare, so that a
// kernel's live rows stay in cache (md5's straight-line rounds, the math
// library's polynomials).
//
// A hull is made safe for the lanes' schedule: blocks run in structured
// order except along loop back edges, so a hull that meets a loop without
// lying inside it grows to cover the whole loop (a value live into a loop
// or out of it). Pure operations compute inactive lanes too (state.out):
// a value a loop computes and later code reads is recomputed, for lanes
// that have left the loop, from its operands' rows, so the operands it
// has in the loop cover the loop as well, and theirs, up to the phis
// (which copy under the mask); not in a loop whose lanes go through it
// together (lockstep), which none leaves early. A phi copies at its
// block's start from each lane's predecessor: its source lives to the end
// of the predecessor (a back edge's source through the rest of the latch).
//
// A value computed in the per-group prologue (hoist.go) and read only by
// code of that prologue lives, there, within the prologue's order, which
// is the block order's; when the prologue faulted it runs in place. Its
// hull serves both.
//
// Rows that code outside the block order writes or reads stay apart: the
// values the per-dispatch prologue computes and those that other code
// reads after the per-group one, parameters (written by
// callers), OpUndef (rows start zero), and any value whose rows an
// analysis named before the blocks were compiled. Each function has its
// own rows: a callee's values never share with a caller's. The second
// Prepare records again and is kept only if every row it names is named
// within the hull planned for it; otherwise the first is.

// liveRows records where rows are named during one Prepare.
type liveRows struct {
	hull    map[uint32][2]int32 // first and last position each id's rows were named at
	outside map[uint32]bool     // named outside the compiled block order
	units   []rowUnit           // rows given out fresh, by value and reserve
	fnOf    map[uint32]int      // each value's function
	loops   [][2]int32          // first and last position of each loop
	// Ids named by the instruction being compiled, whether it went to a
	// prologue, and the ids some code outside the prologues names.
	pending []uint32
	inPro   bool
	body    map[uint32]bool
	// The loops whose lanes may leave at different times (see lockstep).
	divergent [][2]int32
	def       map[uint32]int32 // the position of each value's instruction
}

// rowUnit is a range of rows given out for one value or construct.
type rowUnit struct {
	id     uint32
	row, n int
}

// rowPlan is the row sharing a second Prepare applies.
type rowPlan struct {
	slot   map[uint32]int   // each unit's first row, from the shared area's start
	size   int              // rows in the shared area
	member map[uint32]int32 // the unit each id's rows lie in
	unitAt []int            // each unit's slot
	off    map[uint32]int   // each id's row within its unit
	hull   [][2]int32       // each unit's planned hull
	pinned []bool           // units with rows of their own
	base   int              // first row of the shared area (set by the second Prepare)
	// The rows the units had apart, and the lanes of one work-group.
	total, groupLanes int
	divergent         map[[2]int32]bool // the loops planned for as divergent
}

// worth says whether sharing saves enough rows to take a second Prepare
// of a run of batch work-groups.
func (pl *rowPlan) worth(batch int) bool {
	return pl != nil && pl.total*pl.groupLanes*batch*8 >= minShareBytes
}

// phiEdge is a phi's source and the block (index in order) it comes from.
type phiEdge struct {
	src  uint32
	pred int32
}

// liveBlocks records a compiled function's loops, one per back edge, and
// keeps each phi source to the end of its predecessor.
func (p *prep) liveBlocks(f *fn, starts, ends []int32, edges []phiEdge) {
	if p.live != nil {
		for i, b := range f.blocks {
			for _, t := range b.term.targets {
				if int(t) <= i {
					l := [2]int32{starts[t], ends[i]}
					p.live.loops = append(p.live.loops, l)
					if !lockstep(f.blocks[t : i+1]) {
						p.live.divergent = append(p.live.divergent, l)
					}
				}
			}
		}
		for _, e := range edges {
			p.live.touch(e.src, ends[e.pred])
		}
	}
	p.pos++ // positions of functions never meet
}

// lockstep says whether the lanes that enter a loop (its blocks, in
// structured order) go through it together: every branch in it is on a
// uniform condition and none returns. Then no lane leaves it while others
// iterate, and nothing it computes is recomputed for a lane that left.
func lockstep(blocks []*block) bool {
	for _, b := range blocks {
		switch b.term.op {
		case spirv.OpBranch:
		case spirv.OpBranchConditional:
			if !b.term.uni && b.term.targets[0] != b.term.targets[1] {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// rowAt is rowOf's row alone.
func (p *prep) rowAt(id uint32) int {
	r, _ := p.rowOf(id)
	return r
}

func newLiveRows() *liveRows {
	return &liveRows{hull: map[uint32][2]int32{}, outside: map[uint32]bool{}, fnOf: map[uint32]int{},
		body: map[uint32]bool{}, def: map[uint32]int32{}}
}

// rowOf is p.row[id] for compiled code: it records where the rows are named.
func (p *prep) rowOf(id uint32) (int, bool) {
	r, ok := p.row[id]
	if ok && p.live != nil {
		p.live.touch(id, p.pos)
	}
	return r, ok
}

func (lv *liveRows) touch(id uint32, pos int32) {
	if pos == 0 {
		lv.outside[id] = true
		return
	}
	lv.pending = append(lv.pending, id)
	h, ok := lv.hull[id]
	if !ok {
		h = [2]int32{pos, pos}
	}
	lv.hull[id] = [2]int32{min(h[0], pos), max(h[1], pos)}
}

// commit records the ids the last instruction named as named outside
// the prologues, unless it went to one, and where in is.
func (lv *liveRows) commit(in *inst, pos int32) {
	if lv == nil {
		return
	}
	if in != nil && in.id != 0 {
		lv.def[in.id] = pos
	}
	if !lv.inPro {
		for _, id := range lv.pending {
			lv.body[id] = true
		}
	}
	lv.pending, lv.inPro = lv.pending[:0], false
}

// fresh gives out n rows for value or construct id: its planned slot in
// a second Prepare, else new rows.
func (p *prep) fresh(id uint32, n int) int {
	if pl := p.plan; pl != nil {
		if s, ok := pl.slot[id]; ok {
			return pl.base + s
		}
	}
	r := p.nrows
	p.nrows += n
	if p.live != nil {
		p.live.units = append(p.live.units, rowUnit{id: id, row: r, n: n})
	}
	return r
}

// planRows plans which units share rows, from a first Prepare's record;
// nil when sharing would save under a tenth of them.
func (p *prep) planRows() *rowPlan {
	lv := p.live
	unitOf := make([]int32, p.nrows)
	for i := range unitOf {
		unitOf[i] = -1
	}
	total := 0
	for i, u := range lv.units {
		for c := range u.n {
			unitOf[u.row+c] = int32(i)
		}
		total += u.n
	}
	n := len(lv.units)
	pl := &rowPlan{total: total, groupLanes: p.lanes / max(p.batch, 1), slot: map[uint32]int{}, member: map[uint32]int32{}, off: map[uint32]int{},
		hull: make([][2]int32, n), pinned: make([]bool, n), unitAt: make([]int, n)}
	for i := range pl.hull {
		pl.hull[i] = [2]int32{math.MaxInt32, math.MinInt32}
	}
	members := make([][]uint32, n)
	hoisted, read := make([]bool, n), make([]bool, n)
	for id, r := range p.row {
		if r < 0 || r >= len(unitOf) || unitOf[r] < 0 {
			continue
		}
		ui := unitOf[r]
		pl.member[id], pl.off[id] = ui, r-lv.units[ui].row
		members[ui] = append(members[ui], id)
		if t := p.vtype[id]; t != nil {
			for c := 1; c < t.comps; c++ {
				if r+c >= len(unitOf) || unitOf[r+c] != ui {
					pl.pinned[ui] = true // spans units: keep both apart
					if r+c < len(unitOf) && unitOf[r+c] >= 0 {
						pl.pinned[unitOf[r+c]] = true
					}
				}
			}
		}
		if h, ok := lv.hull[id]; ok {
			pl.hull[ui] = [2]int32{min(pl.hull[ui][0], h[0]), max(pl.hull[ui][1], h[1])}
		}
		if p.pinnedValue(id) {
			pl.pinned[ui] = true
		}
		if _, ok := p.proAt[id]; ok {
			hoisted[ui] = true
		}
		if lv.body[id] {
			read[ui] = true
		}
	}
	for ui := range hoisted {
		pl.pinned[ui] = pl.pinned[ui] || hoisted[ui] && read[ui] // read after the prologue
	}
	pl.divergent = map[[2]int32]bool{}
	for _, l := range lv.divergent {
		pl.divergent[l] = true
	}
	pl.extend(p, members)
	pl.assign(p, lv)
	if pl.size*10 > total*9 {
		return nil
	}
	return pl
}

// minShareBytes is the row memory per worker below which rows are not
// shared: it stays in L1 anyway, and sharing costs a second Prepare.
// (A variable: the differential test shares every kernel's rows.)
var minShareBytes = 32 << 10

// pinnedValue says whether id's rows must stay its own.
func (p *prep) pinnedValue(id uint32) bool {
	if p.live.outside[id] {
		return true
	}
	if at, ok := p.proAt[id]; ok && at[0] == 0 {
		return true // computed once per dispatch
	}
	d := p.defs[id]
	return d == nil || d.op == spirv.OpUndef
}

// extend grows the units' hulls over the loops they meet (see above).
func (pl *rowPlan) extend(p *prep, members [][]uint32) {
	loops := p.live.loops
	covers := func(h, l [2]int32) bool { return h[0] <= l[0] && l[1] <= h[1] }
	meets := func(h, l [2]int32) bool { return h[0] <= l[1] && l[0] <= h[1] }
	for changed := true; changed; {
		changed = false
		for ui, h := range pl.hull {
			if h[0] > h[1] {
				continue
			}
			for _, l := range loops {
				if meets(h, l) && !covers(h, l) && !covers(l, h) {
					h = [2]int32{min(h[0], l[0]), max(h[1], l[1])}
					changed = true
				}
			}
			pl.hull[ui] = h
		}
		if pl.sliceOut(p, members) {
			changed = true
		}
	}
}

// sliceOut grows over a loop the hulls of the values that a value computed
// in the loop and read after it is recomputed from (see above), up to the
// phis, which copy active lanes only. Each must keep a departed lane's
// slot: operations differ in which inactive lanes they compute (the span
// of the active ones, or all), so one may read a slot another did not
// write again.
func (pl *rowPlan) sliceOut(p *prep, members [][]uint32) (changed bool) {
	lv := p.live
	for _, l := range lv.divergent {
		in := func(id uint32) bool { d, ok := lv.def[id]; return ok && l[0] <= d && d <= l[1] }
		var stack []uint32
		seen := map[uint32]bool{} // per loop: a slice value extends alike from any start
		for ui, h := range pl.hull {
			if h[0] > l[0] || l[1] > h[1] {
				continue
			}
			for _, id := range members[ui] {
				if d := p.defs[id]; d != nil && d.op != spirv.OpPhi && !seen[id] && in(id) {
					seen[id] = true
					stack = append(stack, id)
				}
			}
		}
		for len(stack) > 0 {
			id := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, a := range p.defs[id].args {
				uj, ok := pl.member[a]
				if !ok || seen[a] || !in(a) {
					continue
				}
				seen[a] = true
				if p.defs[a].op != spirv.OpPhi {
					stack = append(stack, a)
				}
				if g := pl.hull[uj]; g[0] > l[0] || g[1] < l[1] {
					pl.hull[uj] = [2]int32{min(g[0], l[0]), max(g[1], l[1])}
					changed = true
				}
			}
		}
	}
	return changed
}

// assign gives the units slots: linear scan by hull start, pinned units
// in slots of their own, units never named anywhere.
func (pl *rowPlan) assign(p *prep, lv *liveRows) {
	order := make([]int, 0, len(lv.units))
	for ui := range lv.units {
		if _, ok := lv.fnOf[lv.units[ui].id]; !ok {
			pl.pinned[ui] = true
		}
		if !pl.pinned[ui] && pl.hull[ui][0] <= pl.hull[ui][1] {
			order = append(order, ui)
		}
	}
	// One pool per function and kind: a uniform value writes its whole
	// row only where some reader of the row reads it whole (uniform.go),
	// so it shares only with uniform values read alike.
	pool := func(ui int) int {
		u := lv.units[ui]
		kind := 0
		if p.uni[u.id] {
			kind = 1
			if f := p.need[u.row]; f != nil && *f {
				kind = 2
			}
		}
		return 3*lv.fnOf[u.id] + kind
	}
	slices.SortFunc(order, func(a, b int) int {
		if pa, pb := pool(a), pool(b); pa != pb {
			return pa - pb
		}
		return int(pl.hull[a][0] - pl.hull[b][0])
	})
	var busy []int32 // per slot of the current pool: last position in use
	cur, base := -1, 0
	for _, ui := range order {
		u, h := lv.units[ui], pl.hull[ui]
		if f := pool(ui); f != cur {
			cur, base, busy = f, base+len(busy), busy[:0]
		}
		at := 0
		for ; at < len(busy); at++ {
			free := true
			for c := range u.n {
				if at+c < len(busy) && busy[at+c] >= h[0] {
					free = false
					break
				}
			}
			if free {
				break
			}
		}
		for len(busy) < at+u.n {
			busy = append(busy, math.MinInt32)
		}
		for c := range u.n {
			busy[at+c] = h[1]
		}
		pl.unitAt[ui] = base + at
	}
	pl.size = base + len(busy)
	for ui, u := range lv.units {
		switch {
		case pl.pinned[ui]:
			pl.unitAt[ui] = pl.size
			pl.size += u.n
		case pl.hull[ui][0] > pl.hull[ui][1]:
			pl.unitAt[ui] = 0 // never named: any rows
			pl.size = max(pl.size, u.n)
		}
		pl.slot[u.id] = pl.unitAt[ui]
	}
}

// verify checks a second Prepare's record against the plan: every id in
// the shared rows lies where the plan put it, and is named only within its
// unit's planned hull; and no loop the plan took for lockstep diverges
// (uniformity differs between batches: batch.go).
func (pl *rowPlan) verify(p *prep) bool {
	lv := p.live
	for _, l := range lv.divergent {
		if !pl.divergent[l] {
			return false // a plan for lanes that went through it together
		}
	}
	hoisted, read := make([]bool, len(pl.hull)), make([]bool, len(pl.hull))
	for id, r := range p.row {
		if r < pl.base || r >= pl.base+pl.size {
			continue
		}
		ui, ok := pl.member[id]
		if !ok || r != pl.base+pl.unitAt[ui]+pl.off[id] {
			return false
		}
		if pl.pinned[ui] {
			continue
		}
		if h, ok := lv.hull[id]; ok && (h[0] < pl.hull[ui][0] || h[1] > pl.hull[ui][1]) {
			return false
		}
		if p.pinnedValue(id) {
			return false
		}
		if _, ok := p.proAt[id]; ok {
			hoisted[ui] = true
		}
		read[ui] = read[ui] || lv.body[id]
		if hoisted[ui] && read[ui] {
			return false
		}
	}
	return true
}
