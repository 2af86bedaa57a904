package jit

import (
	"sort"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Values kept in registers across loop heads. A loop head (a label that
// a later jump targets) cannot learn the cache state of its back edges
// before it is compiled, so without help it starts with an empty cache
// and every loop-carried value (an accumulator, a counter, the block
// masks) goes through its slot at every iteration: a store-to-load
// forwarding delay on the loop's critical path.
//
// Instead each innermost loop pins the values its body reads most that
// are live at its head (defined before the loop, or read before they are
// written in it) to cache registers of their own. Every way into the head
// (falling into it, forward jumps, back edges) first makes the cache hold
// exactly those values in those registers (a fix-up: a register move, or
// a load from the slot, which is current there since dirty entries are
// written back before jumps and labels), so the head starts with them,
// clean. Inside the loop the cache never evicts a pinned register for
// another value, and a pinned value written by an op that keeps its
// result goes back into its register; where an op drops it (a memory op
// writing it lane by lane, an op that uses the cache registers as
// scratch, a barrier) the next fix-up loads it again.

// maxPinned is how many cache registers a loop may pin: the rest hold the
// temporaries of the body's arithmetic.
const maxPinned = 6

// pinOrder is the registers pins take, first to last: the general Index
// and the 64-bit narrowing use the low cache registers and Y14 as scratch
// (scratch.go brings back the entries an op's code leaves alone), so
// pins there survive them. Any order is correct.
var pinOrder = [maxPinned]amd64.Y{amd64.Y15, amd64.Y13, amd64.Y12, amd64.Y11, amd64.Y10, amd64.Y14}

// pin is a value's half pinned to cache register reg (0-based).
type pin struct {
	key cacheKey
	reg int
}

// loopInfo is a loop: its head label's op, its last back edge's op and
// its pins.
type loopInfo struct {
	head, end int
	pins      []pin
}

// loopPins is what the code generator knows of loops.
type loopPins struct {
	byLabel map[int64]*loopInfo // the loop whose head is the label
	startAt map[int]*loopInfo   // by head op
	endAt   map[int]*loopInfo   // by last back edge op
	active  [cacheLen]cacheKey  // the key pinned to each register now, noKey: none
}

// analyzeLoops finds the innermost loops and chooses their pins.
func (g *gen) analyzeLoops() {
	ops := g.p.Ops
	lp := loopPins{byLabel: map[int64]*loopInfo{}, startAt: map[int]*loopInfo{}, endAt: map[int]*loopInfo{}}
	for i := range lp.active {
		lp.active[i] = noKey
	}
	at := map[int64]int{}
	for i, o := range ops {
		if o.Code == lanes.Label {
			at[o.Imm] = i
		}
	}
	var loops []*loopInfo
	byHead := map[int]*loopInfo{}
	for i, o := range ops {
		switch o.Code {
		case lanes.Jump, lanes.JumpIfNone, lanes.JumpIfAny:
			h, ok := at[o.Imm]
			if !ok || h > i {
				continue
			}
			if l := byHead[h]; l != nil {
				l.end = max(l.end, i)
				continue
			}
			l := &loopInfo{head: h, end: i}
			byHead[h] = l
			loops = append(loops, l)
		}
	}
	// A loop is innermost when no other loop's head lies inside it: with
	// the loops in head order (heads differ), when the next one's does not.
	sort.Slice(loops, func(i, j int) bool { return loops[i].head < loops[j].head })
	for k, l := range loops {
		if k+1 < len(loops) && loops[k+1].head <= l.end {
			continue
		}
		l.pins = g.choosePins(l)
		if len(l.pins) == 0 {
			continue
		}
		lp.byLabel[ops[l.head].Imm] = l
		lp.startAt[l.head] = l
		lp.endAt[l.end] = l
	}
	g.loops = lp
}

// choosePins picks the values of loop l to pin: those live at its head
// (the first mention in the body is a read) by the number of reads in the
// body, loop-carried ones (also written in it) first, up to maxPinned
// registers (a Varying 64-bit value takes two).
func (g *gen) choosePins(l *loopInfo) []pin {
	ops := g.p.Ops
	reads := map[lanes.Value]int{}
	liveIn := map[lanes.Value]bool{}
	written := map[lanes.Value]bool{}
	for i := l.head; i <= l.end; i++ {
		o := &ops[i]
		for _, v := range [4]lanes.Value{o.A, o.B, o.C, o.M} {
			if v == lanes.NoValue || int(v) >= len(g.p.Values) {
				continue
			}
			reads[v]++
			if !written[v] {
				liveIn[v] = true
			}
		}
		if o.Dst != lanes.NoValue {
			written[o.Dst] = true
		}
	}
	var cand []lanes.Value
	for v := range liveIn {
		cand = append(cand, v)
	}
	score := func(v lanes.Value) int {
		s := reads[v]
		if written[v] {
			s += 1 << 16
		}
		return s
	}
	sort.Slice(cand, func(i, j int) bool {
		si, sj := score(cand[i]), score(cand[j])
		if si != sj {
			return si > sj
		}
		return cand[i] < cand[j]
	})
	var pins []pin
	budget := g.pinBudget(l)
	for _, v := range cand {
		halves := 1
		if g.kind(v).Bytes() == 8 && g.shape(v) == lanes.Varying {
			halves = 2
		}
		if len(pins)+halves > budget {
			continue
		}
		for h := range halves {
			pins = append(pins, pin{key: keyOf(v, h)})
		}
	}
	for i := range pins {
		pins[i].reg = int(pinOrder[i] - cacheFirst)
	}
	return pins
}

// pinBudget is how many registers loop l may pin: maxPinned, or fewer
// where the body's arithmetic keeps many temporaries unstored at once
// (run-local values, writeback.go: live from the op that makes them to
// their last read), so that they do not evict each other to the frame
// (nbody's force chain). One register stays free for the rest.
func (g *gen) pinBudget(l *loopInfo) int {
	ops := g.p.Ops
	// live holds the run-local values made so far whose last read is still
	// ahead, n their registers; expire[i] those whose last read is op i,
	// dropped before op i+1, so the walk is linear in the body.
	live := map[lanes.Value]bool{}
	expire := map[int][]lanes.Value{}
	regs := func(v lanes.Value) int {
		if g.kind(v).Bytes() == 8 && g.shape(v) == lanes.Varying {
			return 2
		}
		return 1
	}
	pressure, n := 0, 0
	for i := l.head; i <= l.end; i++ {
		for _, v := range expire[i-1] {
			delete(live, v)
			n -= regs(v)
		}
		delete(expire, i-1)
		o := &ops[i]
		if v := o.Dst; v != lanes.NoValue && int(v) < len(g.runs.local) && g.runs.local[v] && g.runs.lastRead[v] > i && !live[v] {
			live[v] = true
			n += regs(v)
			expire[g.runs.lastRead[v]] = append(expire[g.runs.lastRead[v]], v)
		}
		pressure = max(pressure, n)
	}
	return max(0, min(maxPinned, cacheLen-1-pressure))
}

// pinnedReg is the register pinned to key k, if any.
func (g *gen) pinnedReg(k cacheKey) (int, bool) {
	for i, x := range g.loops.active {
		if x == k {
			return i, true
		}
	}
	return 0, false
}

// loopStart activates loop l's pins (at its head, after the fix-up).
func (g *gen) loopStart(l *loopInfo) {
	for _, p := range l.pins {
		g.loops.active[p.reg] = p.key
	}
}

// loopEnd releases loop l's pins (after its last back edge): the entries
// stay as ordinary cache entries.
func (g *gen) loopEnd(l *loopInfo) {
	for _, p := range l.pins {
		g.loops.active[p.reg] = noKey
	}
}

// fixPins makes the cache hold the pins of the loop headed by label lab,
// if it has any, each in its register and clean, before a way into the
// head. The frame must be up to date (no dirty entries). It uses only
// the cache registers and leaves the flags alone, so that it may stand
// between a mask test and its conditional jump.
func (g *gen) fixPins(lab int64) {
	l := g.loops.byLabel[lab]
	if l == nil {
		return
	}
	a := &g.a
	c := &g.cache
	for _, p := range l.pins {
		if c.key[p.reg] == p.key {
			continue
		}
		g.spill(p.reg)
		r := cacheFirst + amd64.Y(p.reg)
		v, h := lanes.Value(p.key/2), int32(p.key%2)
		if src, ok := c.find(v, int(h)); ok {
			a.VMOVDQU(r, src)
			c.key[src-cacheFirst] = noKey
		} else {
			switch {
			case g.shape(v) == lanes.Varying:
				a.VMOVDQUload(r, g.slot(v, 32*h))
			case g.kind(v).Bytes() == 8:
				a.VPBROADCASTQload(r, g.slot(v, 0))
			default:
				a.VPBROADCASTDload(r, g.slot(v, 0))
			}
		}
		c.key[p.reg] = p.key
		c.dirty[p.reg] = false
	}
}

// enterLoopHead sets the cache at the head of a loop with pins: exactly
// its pins (every way in has made them so). It reports whether the label
// is such a head.
func (g *gen) enterLoopHead(lab int64) bool {
	l := g.loops.byLabel[lab]
	if l == nil {
		return false
	}
	g.cache.flush()
	for _, p := range l.pins {
		g.cache.key[p.reg] = p.key
	}
	return true
}

// Runs of Selects (selectrun.go) keep nothing in the cache on any path,
// but a pinned value they write (a loop's carried values merged at its
// latch: mandelbrot's x and y) stays in its register on every path: it
// is there before the mask test, the copy path moves the new value in,
// the blend path reloads it after storing it.

// pinsOf is the pinned register of each half of v (ok: v is pinned).
func (g *gen) pinsOf(v lanes.Value) (regs [2]int, n int) {
	halves := 1
	if g.kind(v).Bytes() == 8 && g.shape(v) == lanes.Varying {
		halves = 2
	}
	for h := range halves {
		r, ok := g.pinnedReg(keyOf(v, h))
		if !ok {
			return regs, 0
		}
		regs[h] = r
	}
	return regs, halves
}

// selectRunPins loads the pinned Dsts of run ops[i:j] into their
// registers where they are not there (before the run drops its Dsts from
// the cache; the frame is up to date) and returns them.
func (g *gen) selectRunPins(i, j int) []lanes.Value {
	var out []lanes.Value
	for k := i; k < j; k++ {
		v := g.p.Ops[k].Dst
		regs, n := g.pinsOf(v)
		if n == 0 {
			continue
		}
		for h := range n {
			if g.cache.key[regs[h]] != keyOf(v, h) {
				g.loadPinned(v, h, regs[h])
			}
		}
		out = append(out, v)
	}
	return out
}

// loadPinned loads half h of v from its slot into cache register reg.
func (g *gen) loadPinned(v lanes.Value, h, reg int) {
	r := cacheFirst + amd64.Y(reg)
	switch {
	case g.shape(v) == lanes.Varying:
		g.a.VMOVDQUload(r, g.slot(v, 32*int32(h)))
	case g.kind(v).Bytes() == 8:
		g.a.VPBROADCASTQload(r, g.slot(v, 0))
	default:
		g.a.VPBROADCASTDload(r, g.slot(v, 0))
	}
	g.cache.key[reg] = keyOf(v, h)
	g.cache.dirty[reg] = false
}

// restorePins puts back the cache entries of vs (selectRunPins), which
// the run dropped with its other Dsts.
func (g *gen) restorePins(vs []lanes.Value) {
	for _, v := range vs {
		regs, n := g.pinsOf(v)
		for h := range n {
			g.cache.key[regs[h]] = keyOf(v, h)
			g.cache.dirty[regs[h]] = false
		}
	}
}

// pinCopied moves a run's new value of v (lo, and hi for a Varying
// 64-bit value) into v's pinned registers, if v is pinned.
func (g *gen) pinCopied(v lanes.Value, lo, hi amd64.Y) {
	regs, n := g.pinsOf(v)
	for h := range n {
		src := lo
		if h == 1 {
			src = hi
		}
		g.a.VMOVDQU(cacheFirst+amd64.Y(regs[h]), src)
	}
}

// pinReload reloads v's pinned registers from its slot after a run's
// blend stored it, if v is pinned.
func (g *gen) pinReload(v lanes.Value) {
	regs, n := g.pinsOf(v)
	for h := range n {
		g.loadPinned(v, h, regs[h])
	}
}
