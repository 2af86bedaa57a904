package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// A register cache of 32-bit values: Y6-Y15 keep copies of values the
// last ops stored or loaded, so that the next op reads a register instead
// of its slot (a chain of dependent ops otherwise pays the store-to-load
// forwarding latency at every op). The frame stays the truth: every
// result is still stored (write-through), so dropping the cache is always
// correct. It is dropped at labels (control flow joins) and around every
// op whose code uses Y6-Y15 as scratch.

const (
	cacheFirst = amd64.Y6
	cacheLen   = 10
)

type regCache struct {
	val  [cacheLen]lanes.Value // NoValue: empty
	next int                   // round-robin victim
}

func (c *regCache) flush() {
	for i := range c.val {
		c.val[i] = lanes.NoValue
	}
}

// find is the register holding v, if any.
func (c *regCache) find(v lanes.Value) (amd64.Y, bool) {
	for i, x := range c.val {
		if x == v {
			return cacheFirst + amd64.Y(i), true
		}
	}
	return 0, false
}

// keep copies y, now holding v, into a cache register.
func (g *gen) keep(v lanes.Value, y amd64.Y) {
	c := &g.cache
	r, ok := c.find(v)
	if !ok {
		i := c.next
		c.next = (c.next + 1) % cacheLen
		c.val[i] = v
		r = cacheFirst + amd64.Y(i)
	}
	g.a.VMOVDQU(r, y)
}

// cacheSafe reports whether o's code leaves Y6-Y15 alone: the 32-bit
// element-wise ops (but division and bit counts), builtins and jumps.
func (g *gen) cacheSafe(o *lanes.Op) bool {
	switch o.Code {
	case lanes.Nop, lanes.Jump, lanes.JumpIfNone, lanes.JumpIfAny,
		lanes.LocalID, lanes.LocalIndex, lanes.GroupID, lanes.GlobalID,
		lanes.NumGroups, lanes.WorkgroupSize, lanes.LiveLanes:
		return true
	case lanes.Label, lanes.Barrier, lanes.Exit, lanes.Unreachable, lanes.Load, lanes.Store,
		lanes.Index, lanes.Atomic, lanes.UDiv, lanes.SDiv, lanes.UMod, lanes.SRem, lanes.SMod,
		lanes.BitCount:
		return false
	}
	return o.Kind.Bytes() == 4 && g.kind(o.Dst).Bytes() == 4
}
