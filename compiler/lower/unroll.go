package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
)

// Full unrolling of small for loops with a constant trip count.
//
// GPU-tuned OpenCL C (CLBlast's xgemm, most tiled kernels) walks tiles
// kept in private arrays with loops such as
//
//	for (int _mi = 0; _mi < MWI/VWM; _mi += 1)
//	  cpm[_ni*(MWI/VWM) + _mi] = MultiplyAddVector(cpm[...], apm[_mi], bpm[_ni]);
//
// Lowered as loops, the counters are variables and every access to the
// arrays is an access to private memory at a computed index. Lowered as
// copies of the body, one per trip, with the counter bound to that trip's
// value, every index is a constant after folding, so the arrays can be
// taken apart into values (scalar replacement in spirv/opt) and the loop
// overhead of one- and two-trip loops is gone.
//
// A for loop is unrolled when:
//   - its init sets one integer variable (declared there or before, never
//     address-taken, not volatile) to an integer constant expression;
//   - its condition compares that variable with an integer constant
//     expression (<, <=, >, >=, !=, ==, either side);
//   - its step is ++, --, += constant or -= constant on the variable;
//   - its body does not assign the variable or take its address, and has
//     no break or continue of this loop, no goto and no label (return is
//     fine: an inlined call's return leaves through its wrapper as from
//     any other code);
//   - the trip count, found by running the counter through its values at
//     compile time in C's arithmetic (stopping at signed overflow, which
//     is undefined), is at most unrollMaxTrips, and trips × the body's
//     size (syntax nodes, a vector expression counting its components,
//     the bodies of the functions it calls counted, and its own unrolled
//     loops as copies; unrollsize.go) at most unrollBudget.
//
// `#pragma unroll`, `#pragma unroll N`, clang's `#pragma clang loop
// unroll(full)` and `unroll_count(N)`, and __attribute__((
// opencl_unroll_hint[(N)])) before the loop raise the limits (to N trips,
// or unrollHintMaxTrips, and unrollHintBudget); `#pragma nounroll`,
// `#pragma unroll 1`, `#pragma clang loop unroll(disable)` and
// opencl_unroll_hint(1) keep the loop. Nested loops unroll
// inner first in effect: an outer loop's size counts its unrolled inner
// loops as their copies, so an outer loop that would grow too large stays
// a loop around unrolled inner ones. -cl-opt-disable (Options.Unroll
// false) keeps every loop.
//
// Each copy of the body is lowered with the counter bound to its value as
// a constant (as an immutable variable is bound to its initializer's
// value), so that the copies need neither stores nor mem2reg to see it;
// afterwards the counter's variable holds the value the loop leaves it
// with, for code after the loop. A barrier in the body is fine: the
// copies run in the same order on every work-item.
//
// Loops a state machine takes apart (machine.go: a label inside) never
// reach here; the loop limiter's probes (looplimit.go) go only where the
// emitted code still has a loop.

const (
	unrollMaxTrips     = 32
	unrollBudget       = 2000
	unrollHintMaxTrips = 256
	unrollHintBudget   = 16000
)

// unrollPlan is how a loop unrolls: the counter's value in each trip and
// after the last.
type unrollPlan struct {
	v     *types.Var
	kind  types.Kind
	vals  []int64
	final int64
	size  int64 // trips × the body's size
}

// unrollState holds what planning found, per kernel: plans and sizes are
// asked for again when an outer loop's size counts its inner loops.
type unrollState struct {
	plans map[*syntax.ForStmt]*unrollPlan
	tried map[*syntax.ForStmt]bool
	sizes map[*types.Func]int64
}

// unrollState returns the kernel's planning state, made on first use.
func (fs *fnState) unrollState() *unrollState {
	us := &fs.unroll
	if us.tried == nil {
		us.tried = map[*syntax.ForStmt]bool{}
		us.plans = map[*syntax.ForStmt]*unrollPlan{}
		us.sizes = map[*types.Func]int64{}
	}
	return us
}

// unrollFor lowers s as copies of its body when it may unroll, and
// reports whether it did.
func (fs *fnState) unrollFor(s *syntax.ForStmt, hint unrollHint) bool {
	if !fs.opts.Unroll || fs.noUnroll {
		return false
	}
	p := fs.planUnroll(s, hint)
	if p == nil {
		return false
	}
	fs.stmt(s.Init)
	if fs.dead {
		return true
	}
	bd := fs.bind(p.v)
	diags := len(fs.diags.Diags)
	for i, x := range p.vals {
		val := value{t: p.v.Type, id: fs.constant(p.kind, types.Value{Kind: types.IntConst, Int: x})}
		fs.vars[p.v] = &binding{val: &val}
		fs.stmt(s.Body)
		if i == 0 && fs.diags.HasErrors() {
			break // the first copy's errors are the loop's
		}
		if fs.dead {
			break // the body returns: later copies never run
		}
	}
	fs.vars[p.v] = bd
	fs.dedupDiags(diags)
	if !fs.dead && bd.pl != nil {
		fs.store(bd.pl, fs.constant(p.kind, types.Value{Kind: types.IntConst, Int: p.final}))
	}
	return true
}

// dedupDiags drops the diagnostics from index from on that repeat an
// earlier one: each copy of an unrolled body reports what the loop would
// have reported once.
func (fs *fnState) dedupDiags(from int) {
	ds := fs.diags.Diags
	if len(ds)-from < 2 {
		return
	}
	type key struct {
		pos string
		msg string
	}
	seen := map[key]bool{}
	out := ds[:from]
	for _, d := range ds[from:] {
		k := key{d.Pos.String(), d.Severity.String() + d.Msg}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, d)
	}
	fs.diags.Diags = out
}

// planUnroll returns how s unrolls under hint, or nil when it stays a loop.
func (fs *fnState) planUnroll(s *syntax.ForStmt, hint unrollHint) *unrollPlan {
	if attr := fs.loopAttrHint(s.Attrs); attr.set {
		hint = attr
	}
	us := fs.unrollState()
	if us.tried[s] {
		return us.plans[s]
	}
	us.tried[s] = true
	maxTrips, budget := hint.limits()
	if maxTrips == 0 {
		return nil
	}
	p := fs.tripValues(s, maxTrips)
	if p == nil || !fs.unrollableBody(s.Body, p.v) {
		return nil
	}
	if hint.set && hint.count > 1 && int64(len(p.vals)) > hint.count {
		budget = unrollBudget // asked to unroll by fewer: only what fits anyway
		if len(p.vals) > unrollMaxTrips {
			return nil
		}
	}
	size := int64(len(p.vals)) * fs.stmtSize(s.Body)
	if size > budget {
		return nil
	}
	p.size = max(size, 1)
	us.plans[s] = p
	return p
}

// unrollableBody reports whether body may be copied: it neither writes v
// nor takes its address, and has no jump that needs the loop (break or
// continue of this loop, goto, labels).
func (fs *fnState) unrollableBody(body syntax.Stmt, v *types.Var) bool {
	if !jumpsStayInside(body, 0, 0) {
		return false
	}
	ok := true
	a := fs.an
	inspect(body, func(n syntax.Node) {
		switch n := n.(type) {
		case *syntax.AssignExpr:
			if a.rootVar(n.X) == v {
				ok = false
			}
		case *syntax.UnaryExpr:
			switch n.Op {
			case syntax.PreInc, syntax.PreDec, syntax.PostInc, syntax.PostDec, syntax.Addr:
				if a.rootVar(n.X) == v {
					ok = false
				}
			}
		}
	})
	return ok
}

// jumpsStayInside reports whether every break and continue in s leaves a
// loop or switch inside s (loops and switches count those around the
// point), and s has no goto or label.
func jumpsStayInside(s syntax.Stmt, loops, switches int) bool {
	switch s := s.(type) {
	case nil:
		return true
	case *syntax.BlockStmt:
		for _, x := range s.Stmts {
			if !jumpsStayInside(x, loops, switches) {
				return false
			}
		}
		return true
	case *syntax.IfStmt:
		return jumpsStayInside(s.Then, loops, switches) && jumpsStayInside(s.Else, loops, switches)
	case *syntax.ForStmt:
		return jumpsStayInside(s.Body, loops+1, switches)
	case *syntax.WhileStmt:
		return jumpsStayInside(s.Body, loops+1, switches)
	case *syntax.DoStmt:
		return jumpsStayInside(s.Body, loops+1, switches)
	case *syntax.SwitchStmt:
		return jumpsStayInside(s.Body, loops, switches+1)
	case *syntax.BreakStmt:
		return loops+switches > 0
	case *syntax.ContinueStmt:
		return loops > 0
	case *syntax.CaseStmt:
		return switches > 0
	case *syntax.GotoStmt, *syntax.LabelStmt, *syntax.BadStmt:
		return false
	}
	return true
}
