package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Lane-by-lane accesses of buffers and Workgroup memory visit only the
// active lanes, lowest first (lane order), in a loop over the mask's set
// bits: a data-dependent mask (bitonic's compare-and-swap, a histogram's
// bins) costs one mispredicted branch at the loop's end instead of one
// per lane at an unrolled test. Lane i's operands are read from the
// frame at an index register.

// rLane holds the lane's index in the loop; rNext is scratch.
const (
	rLane = amd64.R10
	rNext = amd64.R11
)

// eachSetLane emits body once, run for each lane whose bit is set in RDX
// (not zero), in lane order, with the lane's index in R10. body may use
// RAX, RCX, R8, R9 and R11 but not RDX.
func (g *gen) eachSetLane(body func()) {
	a := &g.a
	loop := a.NewLabel()
	a.Bind(loop)
	a.TZCNTL(rLane, rBits) // as BSF where BMI1 is missing: the same for non-zero RDX
	body()
	a.LEAQ(rNext, amd64.M(rBits, -1))
	a.ANDL(rBits, rNext)
	a.Jcc(amd64.CondNE, loop)
}

// laneSlot is lane R10's part of value v in the frame (a Uniform v's one
// value).
func (g *gen) laneSlot(v lanes.Value) amd64.Mem {
	if g.shape(v) == lanes.Uniform {
		return g.slot(v, 0)
	}
	return amd64.MI(rFrame, rLane, uint8(g.kind(v).Bytes()), g.p.Values[v].Slot)
}
