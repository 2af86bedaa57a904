package jit

import (
	"sync/atomic"

	"github.com/clgo/clgo/driver/host/internal/amd64"
)

// Preemption. Go cannot preempt generated code (a signal that lands in
// it leaves the goroutine running), so a group whose loop never ends
// would hold its P for ever: with every P in such a group, the goroutine
// that cancels the dispatch (a context's timer) never runs. The code
// therefore counts backward jumps: ctx.budget goes down by one at each,
// and at zero the code leaves the call with statusYield and the jump's
// target label as ctx.resumeAt. The runner then looks at the cancel
// flag, lets the scheduler run others (runtime.Gosched) and calls the
// code again with a new budget; the code's entry jumps to the label.
//
// A backward target is a loop head, where the frame is up to date
// (dirty entries are written back before every jump) and the register
// cache holds only the loop's pinned values (loops.go), so resuming there
// needs the frame, ctx and the pins loaded again from the frame.

// yieldBudget is the backward jumps one call of the code runs before it
// yields: about a millisecond of the slowest loops, far below a second
// of the fastest, while one decrement per back edge costs next to nothing.
// A variable so that tests can make every back edge yield.
var yieldBudget int64 = 1 << 14

// yields counts the calls that yielded, for tests.
var yields atomic.Int64

// SetYieldBudget sets the backward jumps between yields for later runs
// and returns the previous budget; Yields returns how many calls have
// yielded so far. Tests use them to make every back edge yield.
func SetYieldBudget(n int64) int64 {
	old := yieldBudget
	yieldBudget = max(n, 1)
	return old
}

// Yields returns the number of calls of generated code that yielded.
func Yields() int64 { return yields.Load() }

// backEdge reports whether a jump to lane-IR label l, from the op being
// compiled, goes back: to a label at or before the jump (a loop's next
// round).
func (g *gen) backEdge(l int64) bool {
	at, ok := g.labelAt[l]
	return ok && at <= g.op
}

// rBudget holds the budget while the code runs (ctx.budget while Go
// runs: barrier.go's loadChunkRegs and saveChunkRegs move it): a
// register decrement per back edge instead of a read-modify-write of
// ctx, whose store-to-load forwarding chained every loop round to the
// last.
const rBudget = amd64.R15

// countBackEdge, on the way of a backward jump to label l, takes one
// from the budget and yields with l as the resume point when none is
// left. Flags are free here; no register but rBudget is changed.
func (g *gen) countBackEdge(l int64) {
	g.a.SUBQimm(rBudget, 1)
	g.a.Jcc(amd64.CondLE, g.yieldStub(l))
}

// yieldStub is the out-of-line exit that yields with label l as the
// resume point, made on first use.
func (g *gen) yieldStub(l int64) amd64.Label {
	for _, y := range g.yields {
		if y.target == l {
			return y.l
		}
	}
	y := yieldPoint{l: g.a.NewLabel(), target: l}
	g.yields = append(g.yields, y)
	return y.l
}

// yieldPoint is a yield exit and the label it resumes at.
type yieldPoint struct {
	l      amd64.Label
	target int64
}

// emitResumeCheck, at the code's entry (rFrame loaded), goes to the
// resume dispatch if the call resumes a yield.
func (g *gen) emitResumeCheck() {
	g.resume = g.a.NewLabel()
	g.a.CMPQmemImm(amd64.M(rCtx, offResumeAt), 0)
	g.a.Jcc(amd64.CondNE, g.resume)
}

// emitYields emits the yield exits and the resume dispatch: ctx.resumeAt
// holds the target label plus one; it is cleared and the code jumps to
// the label.
func (g *gen) emitYields() {
	a := &g.a
	for _, y := range g.yields {
		a.Bind(y.l)
		a.MOVQstoreImm(amd64.M(rCtx, offResumeAt), int32(y.target+1))
		g.exit(statusYield)
	}
	a.Bind(g.resume)
	a.MOVQload(amd64.RAX, amd64.M(rCtx, offResumeAt))
	a.MOVQstoreImm(amd64.M(rCtx, offResumeAt), 0)
	stubs := make([]amd64.Label, len(g.yields))
	for i, y := range g.yields {
		stubs[i] = a.NewLabel()
		a.CMPQimm(amd64.RAX, int32(y.target+1))
		a.Jcc(amd64.CondE, stubs[i])
	}
	a.UD2() // no other resume points
	// A loop head expects its pinned values in their registers (loops.go):
	// each resume point loads them from the frame, up to date at a yield.
	for i, y := range g.yields {
		a.Bind(stubs[i])
		g.cache.flush()
		g.fixPins(y.target)
		a.JMP(g.labels[y.target])
	}
	g.cache.flush()
}
