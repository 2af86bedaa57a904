package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// General paths out of line. An access whose offsets have a known Form
// (affine.go) has a fast path that ends in a jump to the op's end, and
// a general path (partial masks, offsets that wrapped, a lane out of
// bounds: where it traps) that used to follow it inline, so every
// chunk took a jump over it. The general path is now emitted in a cold
// section (amd64.BeginCold): in program order, with the generator's
// state (the register cache, held operands, a fused Index) as it was
// where the fast path jumps to it, but placed after all other code; it
// ends with a jump back, and the fast path falls through to the next op.
//
// A load that keeps its result in a cache register (loadkeep.go)
// reloads it from the slot at the end of the cold section, where the
// general path stored it, so the fast path falls through there too.

// coldGeneral emits general (its paths ending at the label it is given)
// out of line, entered at slow; the straight line goes on at join, where
// the fast path jumps. dst is a load's Dst (NoValue for a store).
func (g *gen) coldGeneral(slow, join amd64.Label, dst lanes.Value, general func(end amd64.Label) error) error {
	end := g.a.NewLabel()
	return g.coldRest(slow, end, join, dst, func() error { return general(end) })
}

// coldRest emits rest out of line, entered at slow, its paths ending at
// end (which rest binds, and the code before may jump to); the straight
// line goes on at join. A load's runs of four (halves.go) and a store's
// kept runs (keptruns.go) are the fast paths before such a rest where
// the offsets have no known Form (bitonic's).
func (g *gen) coldRest(slow, end, join amd64.Label, dst lanes.Value, rest func() error) error {
	a := &g.a
	a.BeginCold()
	a.Bind(slow)
	err := rest()
	back := join
	if k := g.keptReg; k != nil && k.used && dst != lanes.NoValue && err == nil {
		// The other paths stored the result: into the kept register.
		a.VMOVDQUload(cacheFirst+amd64.Y(k.i), g.slot(dst, 0))
		back, k.reloaded = k.done, true
	}
	a.JMP(back)
	a.EndCold()
	a.BindAfterJump(join)
	return err
}
