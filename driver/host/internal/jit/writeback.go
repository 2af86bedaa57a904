package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Deferred stores. The element-wise ops (g.deferring) leave their result
// in the register cache, dirty, instead of storing it. Before any other
// op (memory ops, jumps, labels, barriers: code that reads the frame or
// where control flow meets) every dirty entry is written back, and an
// evicted dirty entry is written back before its register is reused;
// but a value that is dead there is not stored at all.
//
// Dead is decided per straight-line run (the ops between control-flow
// ops): a value is run-local when every op that mentions it is in one run
// and the first of them writes all of it without reading it (a deferring
// op); such a value is dead after its last read. Temporaries of a chain
// of arithmetic are run-local and so live in registers only.

// runInfo is the liveness the write-back needs, per value.
type runInfo struct {
	local    []bool // run-local (see above)
	lastRead []int  // the last op reading the value, -1 if none
}

// endsRun reports whether c is a control-flow op: runs end there.
func endsRun(c lanes.Code) bool {
	switch c {
	case lanes.Label, lanes.Jump, lanes.JumpIfNone, lanes.JumpIfAny, lanes.Barrier, lanes.SubgroupSync, lanes.Exit:
		return true
	}
	return false
}

// reads reports whether o reads v.
func reads(o *lanes.Op, v lanes.Value) bool {
	return v != lanes.NoValue && (o.A == v || o.B == v || o.C == v || o.M == v)
}

// deferrable reports whether o's result may stay unstored: a cache-safe
// op of a single path that writes all of its Dst through st or st64 and
// does not read it.
func (g *gen) deferrable(o *lanes.Op) bool {
	if o.Dst == lanes.NoValue || reads(o, o.Dst) || !g.cacheSafe(o) || branchy(o.Code) {
		return false
	}
	switch o.Code {
	case lanes.Nop, lanes.Unreachable, lanes.Load, lanes.Store, lanes.Atomic, lanes.RegionLength:
		return false
	}
	return !endsRun(o.Code)
}

// analyzeRuns fills g.runs.
func (g *gen) analyzeRuns() {
	n := len(g.p.Values)
	local := make([]bool, n)
	lastRead := make([]int, n)
	runOf := make([]int, n) // 0: not seen; else run+1
	for i := range lastRead {
		lastRead[i] = -1
	}
	run := 1
	for i := range g.p.Ops {
		o := &g.p.Ops[i]
		for _, v := range [4]lanes.Value{o.A, o.B, o.C, o.M} {
			if v == lanes.NoValue || int(v) >= n {
				continue
			}
			if runOf[v] != run {
				local[v] = false
			}
			if runOf[v] == 0 {
				runOf[v] = run
			}
			lastRead[v] = i
		}
		if v := o.Dst; v != lanes.NoValue && int(v) < n {
			switch runOf[v] {
			case 0:
				runOf[v] = run
				local[v] = g.deferrable(o)
			case run:
			default:
				local[v] = false
			}
		}
		if endsRun(o.Code) {
			run++
		}
	}
	g.runs = runInfo{local: local, lastRead: lastRead}
}

// dead reports whether v's value is needed by no op from the current one on.
func (g *gen) dead(v lanes.Value) bool {
	return g.runs.local[v] && g.runs.lastRead[v] < g.op
}

// spill writes cache entry i back to its slot if it is dirty and live,
// and marks it clean.
func (g *gen) spill(i int) {
	c := &g.cache
	if c.key[i] == noKey || !c.dirty[i] {
		return
	}
	c.dirty[i] = false
	g.storeEntry(c.key[i], cacheFirst+amd64.Y(i))
}

// storeEntry stores register r, the cache entry of key k, to its slot
// unless the value is dead.
func (g *gen) storeEntry(k cacheKey, r amd64.Y) {
	v, h := lanes.Value(k/2), int32(k%2)
	if g.dead(v) {
		return
	}
	switch {
	case g.shape(v) == lanes.Varying:
		g.a.VMOVDQUstore(g.slot(v, 32*h), r)
	case h == 1: // a Uniform value's half 1 is a copy of half 0
	case g.kind(v).Bytes() == 8:
		g.a.VMOVQstore(g.slot(v, 0), r)
	default:
		g.a.VMOVDstore(g.slot(v, 0), r)
	}
}

// writeBack writes every dirty live entry back, of both levels; the
// cache stays.
func (g *gen) writeBack() {
	for i := range g.cache.key {
		g.spill(i)
	}
	g.writeBackHi()
}

// slotSpan is the byte range of v's slot.
func (g *gen) slotSpan(v lanes.Value) (lo, hi int32) {
	lo = g.p.Values[v].Slot
	if gs, ok := g.groupSlot(v); ok {
		return gs, gs + 8 // in the group area, after every slot
	}
	switch {
	case g.shape(v) == lanes.Uniform:
		return lo, lo + 8
	case g.kind(v).Bytes() == 8:
		return lo, lo + 8*chunk
	}
	return lo, lo + 4*chunk
}

// dropOverlapping forgets the other values whose slots overlap v's: v is
// being written, so they are dead (slots are shared by liveness), and a
// write-back of theirs would clobber v.
func (g *gen) dropOverlapping(v lanes.Value) {
	lo, hi := g.slotSpan(v)
	c := &g.cache
	for i, k := range c.key {
		if k == noKey {
			continue
		}
		u := lanes.Value(k / 2)
		if u == v {
			continue
		}
		if ulo, uhi := g.slotSpan(u); ulo < hi && lo < uhi {
			c.key[i] = noKey
			c.dirty[i] = false
		}
	}
	for j, k := range c.hi {
		if k == noKey {
			continue
		}
		if u := lanes.Value(k / 2); u != v {
			if ulo, uhi := g.slotSpan(u); ulo < hi && lo < uhi {
				c.hi[j] = noKey
				c.hiDirty[j] = false
			}
		}
	}
}
