package jit

import (
	"math"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// A register cache of 32-bit values: Y6-Y15 keep copies of values the
// last ops stored or loaded, so that the next op reads a register instead
// of its slot (a chain of dependent ops otherwise pays the store-to-load
// forwarding latency at every op). The results of the element-wise ops
// stay in it unstored (dirty, writeback.go) until an op that reads the
// frame, a control-flow op or the entry's eviction writes them back, and
// values that are dead by then are never stored. At labels it keeps what
// every way in agrees on (joins.go), at a loop head the loop's pinned
// values (loops.go); an op whose code uses Y6-Y15 as scratch runs with it
// hidden and leaves the entries in registers its code does not name
// (scratch.go); always after a write-back.

const (
	cacheFirst = amd64.Y6
	cacheLen   = 10
)

// A cache entry is keyed by value and half: a 32-bit value is its half
// 0, a 64-bit value halves 0 (lanes 0-3) and 1 (lanes 4-7).
type cacheKey int32

func keyOf(v lanes.Value, half int) cacheKey { return cacheKey(v)*2 + cacheKey(half) }

const noKey cacheKey = -1

type regCache struct {
	key   [cacheLen]cacheKey // noKey: empty
	dirty [cacheLen]bool     // the register is newer than the slot
	next  int                // round-robin victim
	// The second level, Y16-Y31 (hicache.go): empty unless gen.evex.
	hi      [hiLen]cacheKey
	hiDirty [hiLen]bool
}

// drop forgets v, dirty or not: an op is about to write all of it (or
// has written its slot back).
func (c *regCache) drop(v lanes.Value) {
	for i, x := range c.key {
		if x == keyOf(v, 0) || x == keyOf(v, 1) {
			c.key[i] = noKey
			c.dirty[i] = false
		}
	}
	c.dropHiKey(keyOf(v, 0))
	c.dropHiKey(keyOf(v, 1))
}

// flush forgets everything, both levels; dirty entries must have been
// written back.
func (c *regCache) flush() {
	for i := range c.key {
		c.key[i] = noKey
		c.dirty[i] = false
	}
	c.flushHi()
}

// flushHi forgets the second level.
func (c *regCache) flushHi() {
	for j := range c.hi {
		c.hi[j] = noKey
		c.hiDirty[j] = false
	}
}

// find is the register holding half h of v, if any.
func (c *regCache) find(v lanes.Value, h int) (amd64.Y, bool) {
	k := keyOf(v, h)
	for i, x := range c.key {
		if x == k {
			return cacheFirst + amd64.Y(i), true
		}
	}
	return 0, false
}

// keep copies y, now holding half h of v, into a cache register; dirty:
// y is newer than v's slot (an unstored result). A dirty victim is
// written back first unless it is dead.
func (g *gen) keep(v lanes.Value, h int, y amd64.Y, dirty bool) {
	c := &g.cache
	r, ok := c.find(v, h)
	i := int(r - cacheFirst)
	if !ok {
		i = g.victim(keyOf(v, h))
		g.evict(i) // hicache.go
		c.key[i] = keyOf(v, h)
		r = cacheFirst + amd64.Y(i)
	}
	c.dropHiKey(keyOf(v, h)) // y is at least as new
	c.dirty[i] = dirty
	g.a.VMOVDQU(r, y)
}

// victim is the cache register that key k goes into: its pinned one
// (loops.go), else, among those no loop pins, an empty one, then one
// whose value is dead, then the one read latest (a clean entry before a
// dirty one read as late), the first in round-robin order on ties. A
// plain round-robin choice evicted live values while registers stood
// empty: a loaded value written to its slot and read back before the
// op that used it (triad's a[i] before the add).
func (g *gen) victim(k cacheKey) int {
	if i, ok := g.pinnedReg(k); ok {
		return i
	}
	c := &g.cache
	best, bestScore := -1, int64(-1)
	for j := range cacheLen {
		i := (c.next + j) % cacheLen
		if g.loops.active[i] != noKey {
			continue
		}
		var score int64
		switch x := c.key[i]; {
		case x == noKey:
			score = math.MaxInt64
		case g.dead(lanes.Value(x / 2)):
			score = math.MaxInt64 - 1
		default:
			score = int64(g.nextRead(lanes.Value(x/2))) * 2
			if !c.dirty[i] {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return c.next // unreachable: loops pin fewer than cacheLen registers
	}
	c.next = (best + 1) % cacheLen
	return best
}

// cacheSafe reports whether o's code leaves Y6-Y15 alone: the 32-bit
// element-wise ops (but division by a Varying divisor and bit counts),
// the simple 64-bit ones, builtins and jumps.
func (g *gen) cacheSafe(o *lanes.Op) bool {
	if g.callsOut(o) {
		return false // its code is a call-out (callout.go)
	}
	if o.Kind.Bytes() == 8 || g.kind(o.Dst).Bytes() == 8 {
		if g.kind(o.Dst).Bytes() != 8 {
			return false
		}
		switch o.Code {
		case lanes.Copy, lanes.Bitcast, lanes.Select, lanes.Add, lanes.Sub, lanes.And, lanes.Or,
			lanes.Xor, lanes.Not, lanes.Neg, lanes.Shl, lanes.ShrU, lanes.FAdd, lanes.FSub,
			lanes.FMul, lanes.FDiv, lanes.Fma, lanes.Sqrt, lanes.Floor, lanes.Ceil, lanes.Trunc,
			lanes.RoundEven, lanes.FNeg, lanes.FAbs:
			return o.Kind.Bytes() == 8
		case lanes.ZextTo64, lanes.SextTo64, lanes.Pack64:
			return true
		}
		return false
	}
	switch o.Code {
	case lanes.Nop, lanes.Jump, lanes.JumpIfNone, lanes.JumpIfAny,
		lanes.LocalID, lanes.LocalIndex, lanes.GroupID, lanes.GlobalID,
		lanes.NumGroups, lanes.WorkgroupSize, lanes.LiveLanes:
		return true
	case lanes.Unreachable, lanes.Load, lanes.Store, lanes.Atomic, lanes.RegionLength:
		// Memory ops keep to Y0-Y5 (mem.go); their Dst is dropped from the
		// cache before they write it lane by lane.
		return true
	case lanes.Index:
		// The constant-base and constant-index forms, the Uniform one and
		// those of one Uniform operand (index2d.go) keep to Y0-Y5.
		return o.Kind == lanes.I32 && (g.p.Values[o.A].Const || g.p.Values[o.B].Const ||
			g.shape(o.Dst) == lanes.Uniform || g.index2D(o))
	case lanes.Label, lanes.Barrier, lanes.SubgroupSync, lanes.Subgroup, lanes.Exit, lanes.BitCount, lanes.Math:
		return false
	case lanes.UDiv, lanes.SDiv, lanes.UMod, lanes.SRem, lanes.SMod:
		return g.divByUniform(o) // divmagic.go
	}
	return o.Kind.Bytes() == 4 && g.kind(o.Dst).Bytes() == 4
}

// branchy reports whether an op's code has paths of its own.
func branchy(c lanes.Code) bool {
	switch c {
	case lanes.Load, lanes.Store, lanes.Atomic:
		return true
	}
	return false
}
