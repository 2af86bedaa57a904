package jit

import (
	"math"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Loads that leave their result in the register cache. A Load has
// several paths (the affine fast path, runs of four, gathers, lane by
// lane), each of which used to store its result to the Dst's slot, and
// kept nothing in the cache (every path must leave the cache alike), so
// the next op reloaded it: a store and a load per access, and a
// store-to-load forwarding delay on the way to the arithmetic. Now a
// 32-bit Varying load of the main line picks a cache register before its
// code; the affine fast path (affine.go) loads into it and jumps past
// the others, whose result, stored in the slot as before, is reloaded
// into it where they meet. After the op the register holds the Dst,
// dirty: the fast path did not store it. Such a load's result is
// run-local (writeback.go) when the run holds all of its uses, so it is
// never stored where it dies in registers, as an element-wise op's.

// keptLoad is the register the load being compiled leaves its result in.
type keptLoad struct {
	i    int // cache entry
	done amd64.Label
	used bool // a path jumps to done with the result in the register
	// reloaded: the other paths' reload into the register is done
	// (out of line, coldpath.go).
	reloaded bool
}

// keepable reports whether Load o may keep its result (its Dst 32-bit
// and Varying, compiled in the main line, not a call-out).
func (g *gen) keepable(i int, o *lanes.Op) bool {
	return o.Code == lanes.Load && o.Dst != lanes.NoValue && g.shape(o.Dst) == lanes.Varying &&
		g.kind(o.Dst).Bytes() == 4 && !g.calls[i] && !g.fuse.inVec[i] && !g.group.def[i]
}

// analyzeKept marks run-local the results of keepable loads whose uses
// all lie in the load's run (after analyzeRuns and analyzeFuse).
func (g *gen) analyzeKept() {
	p := g.p
	n := len(p.Values)
	run := make([]int32, n) // the run of the first mention, +1
	defs := make([]int32, n)
	one := make([]bool, n) // every mention in that run
	r := int32(1)
	for i := range p.Ops {
		o := &p.Ops[i]
		for _, v := range [5]lanes.Value{o.A, o.B, o.C, o.M, o.Dst} {
			if v == lanes.NoValue || int(v) >= n {
				continue
			}
			if run[v] == 0 {
				run[v], one[v] = r, true
			} else if run[v] != r {
				one[v] = false
			}
		}
		if o.Dst != lanes.NoValue && int(o.Dst) < n {
			defs[o.Dst]++
		}
		if endsRun(o.Code) {
			r++
		}
	}
	seen := make([]bool, n) // mentioned before the op
	for i := range p.Ops {
		o := &p.Ops[i]
		if d := o.Dst; d != lanes.NoValue && int(d) < n && !seen[d] && defs[d] == 1 && one[d] &&
			!reads(o, d) && g.keepable(i, o) {
			g.runs.local[d] = true
		}
		for _, v := range [5]lanes.Value{o.A, o.B, o.C, o.M, o.Dst} {
			if v != lanes.NoValue && int(v) < n {
				seen[v] = true
			}
		}
	}
}

// keptResult ends a path of a 32-bit Varying load whose result is in
// Y0: where the load keeps its result, into its register and on past
// the other paths' reload from the slot (so a load of runs of four, a
// broadcast or a gather, bitonic's, no longer stores its value to be
// read back by the compare after it); else stored to the Dst's slot,
// and on to end.
func (g *gen) keptResult(d lanes.Value, end amd64.Label) {
	if k := g.keptReg; k != nil {
		g.a.VMOVDQU(cacheFirst+amd64.Y(k.i), amd64.Y0)
		k.used = true
		g.a.JMP(k.done)
		return
	}
	g.storeResult(d, false)
	g.a.JMP(end)
}

// loadKept compiles Load o (load, mem.go), keeping its result in a cache
// register where keepable.
func (g *gen) loadKept(o *lanes.Op) error {
	if !g.mainLine || !g.keepable(g.op, o) || !g.cacheSafe(o) {
		return g.load(o)
	}
	i := g.keptEntry(o)
	g.spill(i) // before the paths part: on every path
	k := &keptLoad{i: i, done: g.a.NewLabel()}
	g.keptReg = k
	err := g.load(o)
	g.keptReg = nil
	if err != nil || !k.used {
		return err
	}
	if k.reloaded {
		g.a.BindAfterJump(k.done)
	} else {
		g.a.VMOVDQUload(cacheFirst+amd64.Y(i), g.slot(o.Dst, 0)) // the other paths
		g.a.Bind(k.done)
	}
	c := &g.cache
	c.key[i], c.dirty[i] = keyOf(o.Dst, 0), true
	g.dropOverlapping(o.Dst)
	return nil
}

// keptEntry is the cache entry a kept load's result goes to: the Dst's
// pinned one (loops.go), else an unpinned one that is empty or whose
// value is read latest, avoiding the op's own operands.
func (g *gen) keptEntry(o *lanes.Op) int {
	if i, ok := g.pinnedReg(keyOf(o.Dst, 0)); ok {
		return i
	}
	c := &g.cache
	best, score := -1, int64(-2)
	for i, k := range c.key {
		if g.loops.active[i] != noKey {
			continue
		}
		s := int64(math.MaxInt32) + 1
		if k != noKey {
			v := lanes.Value(k / 2)
			s = int64(g.nextRead(v))
			if reads(o, v) {
				s = -1
			}
		}
		if s > score {
			best, score = i, s
		}
	}
	if best < 0 {
		return g.victim(keyOf(o.Dst, 0))
	}
	return best
}
