package lower

import (
	"math"
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
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

// unrollHint is what a pragma or attribute asks of the next loop.
type unrollHint struct {
	set   bool
	count int64 // 0: unroll fully; 1: do not unroll; N: by N
}

// parseUnrollPragma reads `#pragma unroll`, `#pragma unroll N`, `#pragma
// unroll(N)`, `#pragma nounroll` and clang's `#pragma clang loop
// unroll(enable|full|disable)` and `unroll_count(N)`; ok is false for any
// other pragma.
func parseUnrollPragma(text string) (h unrollHint, ok bool) {
	f := strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(text))
	if len(f) == 0 {
		return h, false
	}
	if len(f) >= 4 && f[0] == "clang" && f[1] == "loop" {
		for i := 2; i+1 < len(f); i += 2 {
			switch {
			case f[i] == "unroll" && f[i+1] == "disable":
				h, ok = unrollHint{set: true, count: 1}, true
			case f[i] == "unroll" && (f[i+1] == "enable" || f[i+1] == "full"):
				h, ok = unrollHint{set: true}, true
			case f[i] == "unroll_count":
				if n, err := strconv.ParseInt(f[i+1], 0, 64); err == nil && n > 0 {
					h, ok = unrollHint{set: true, count: n}, true
				}
			}
		}
		return h, ok
	}
	switch f[0] {
	case "nounroll":
		return unrollHint{set: true, count: 1}, true
	case "unroll":
		h.set = true
		if len(f) > 1 {
			n, err := strconv.ParseInt(f[1], 0, 64)
			if err == nil && n > 0 {
				h.count = n
			}
		}
		return h, true
	}
	return h, false
}

// loopAttrHint is the hint of a loop's opencl_unroll_hint attribute.
func (fs *fnState) loopAttrHint(attrs []*syntax.Attr) unrollHint {
	for _, a := range attrs {
		if a.Name != "opencl_unroll_hint" {
			continue
		}
		if len(a.Args) == 0 {
			return unrollHint{set: true}
		}
		if e, ok := a.Args[0].(syntax.Expr); ok {
			if tv := fs.info.Types[e]; tv.Value.Kind == types.IntConst && tv.Value.Int > 0 {
				return unrollHint{set: true, count: tv.Value.Int}
			}
		}
	}
	return unrollHint{}
}

// limits returns the most trips and the most trips × body size a loop
// with hint h may unroll to.
func (h unrollHint) limits() (trips, budget int64) {
	switch {
	case !h.set:
		return unrollMaxTrips, unrollBudget
	case h.count == 1:
		return 0, 0
	case h.count == 0:
		return unrollHintMaxTrips, unrollHintBudget
	}
	return max(unrollMaxTrips, min(h.count, unrollHintMaxTrips)), unrollHintBudget
}

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

// tripValues finds the counter of s and its value in each trip, or nil
// when s is not of the form unrolling takes or makes more than maxTrips
// trips.
func (fs *fnState) tripValues(s *syntax.ForStmt, maxTrips int64) *unrollPlan {
	v, init, ok := fs.counterInit(s.Init)
	if !ok || s.Cond == nil || s.Post == nil {
		return nil
	}
	if v.Kind != types.LocalVar || v.Static || v.Quals&types.Volatile != 0 || fs.an.isObj[v] || fs.objs[v] != nil {
		return nil
	}
	kind := types.ElemKind(v.Type)
	if _, scalar := types.Underlying(v.Type).(*types.Basic); !scalar || !kind.IsInteger() || kind == types.Bool {
		if _, enum := types.Underlying(v.Type).(*types.Enum); !enum || !kind.IsInteger() {
			return nil
		}
	}
	test := fs.counterTest(s.Cond, v)
	next := fs.counterStep(s.Post, v, kind)
	if test == nil || next == nil {
		return nil
	}
	p := &unrollPlan{v: v, kind: kind}
	x := types.IntValue(kind, init).Int
	for test(x) {
		if int64(len(p.vals)) == maxTrips {
			return nil
		}
		p.vals = append(p.vals, x)
		if x, ok = next(x); !ok {
			return nil
		}
	}
	p.final = x
	return p
}

// counterInit reads a for loop's init: `T v = c` or `v = c` with c an
// integer constant expression, giving c in v's kind.
func (fs *fnState) counterInit(init syntax.Stmt) (*types.Var, int64, bool) {
	var v *types.Var
	var e syntax.Expr
	switch s := init.(type) {
	case *syntax.DeclStmt:
		if len(s.Decls) != 1 {
			return nil, 0, false
		}
		d, ok := s.Decls[0].(*syntax.VarDecl)
		if !ok || d.Init == nil {
			return nil, 0, false
		}
		v, _ = fs.info.Defs[d].(*types.Var)
		e = d.Init
	case *syntax.ExprStmt:
		a, ok := unparenExpr(s.X).(*syntax.AssignExpr)
		if !ok || a.Op != 0 {
			return nil, 0, false
		}
		v = fs.identVar(a.X)
		e = a.Y
	}
	if v == nil || e == nil {
		return nil, 0, false
	}
	tv := fs.info.Types[e]
	if tv.Value.Kind != types.IntConst || !types.ElemKind(tv.Type).IsInteger() {
		return nil, 0, false
	}
	return v, types.IntValue(types.ElemKind(v.Type), tv.Value.Int).Int, true
}

// boundConst returns the value of e when it names an integer variable
// bound to a constant: an unrolled loop's counter in one of its copies, or
// an immutable variable initialized with a constant.
func (fs *fnState) boundConst(e syntax.Expr) (int64, bool) {
	v := fs.identVar(e)
	if v == nil {
		return 0, false
	}
	bd := fs.vars[v]
	k := types.ElemKind(v.Type)
	if bd == nil || bd.val == nil || bd.val.id == 0 || !k.IsInteger() {
		return 0, false
	}
	in := fs.b.Def(bd.val.id)
	if in == nil || in.Op != spirv.OpConstant || len(in.Operands) == 0 {
		return 0, false
	}
	x := uint64(in.Operands[0])
	if len(in.Operands) > 1 {
		x |= uint64(in.Operands[1]) << 32
	}
	return types.IntValue(k, int64(x)).Int, true
}

// identVar returns the variable e names (through parentheses), or nil.
func (fs *fnState) identVar(e syntax.Expr) *types.Var {
	id, ok := unparenExpr(e).(*syntax.Ident)
	if !ok {
		return nil
	}
	v, _ := fs.info.Uses[id].(*types.Var)
	return v
}

// counterTest reads the condition `v op c` or `c op v`, returning the
// test of a counter value, computed as C compares after the usual
// arithmetic conversions.
func (fs *fnState) counterTest(cond syntax.Expr, v *types.Var) func(int64) bool {
	b, ok := unparenExpr(cond).(*syntax.BinaryExpr)
	if !ok {
		return nil
	}
	op := b.Op
	vside, cside := b.X, b.Y
	if fs.identVar(vside) != v {
		vside, cside = b.Y, b.X
		switch op { // c < v is v > c
		case syntax.Lss:
			op = syntax.Gtr
		case syntax.Leq:
			op = syntax.Geq
		case syntax.Gtr:
			op = syntax.Lss
		case syntax.Geq:
			op = syntax.Leq
		}
	}
	if fs.identVar(vside) != v {
		return nil
	}
	ctv := fs.info.Types[cside]
	if ctv.Value.Kind != types.IntConst || !types.ElemKind(ctv.Type).IsInteger() {
		return nil
	}
	cmp := fs.info.Implicit[vside]
	if cmp == nil {
		cmp = fs.info.Types[vside].Type
	}
	k := types.ElemKind(cmp)
	if !k.IsInteger() {
		return nil
	}
	c := types.IntValue(k, ctv.Value.Int).Int
	unsigned := k.IsUnsigned()
	less := func(x, y int64) bool {
		if unsigned {
			return uint64(x) < uint64(y)
		}
		return x < y
	}
	var f func(x, c int64) bool
	switch op {
	case syntax.Lss:
		f = less
	case syntax.Leq:
		f = func(x, c int64) bool { return !less(c, x) }
	case syntax.Gtr:
		f = func(x, c int64) bool { return less(c, x) }
	case syntax.Geq:
		f = func(x, c int64) bool { return !less(x, c) }
	case syntax.Neq:
		f = func(x, c int64) bool { return x != c }
	case syntax.Eql:
		f = func(x, c int64) bool { return x == c }
	default:
		return nil
	}
	return func(x int64) bool { return f(types.IntValue(k, x).Int, c) }
}

// counterStep reads the step `v++`, `++v`, `v--`, `--v`, `v += c` or
// `v -= c`, returning the next counter value computed as C does (in the
// promoted or compound operation's type, converted back to v's kind);
// ok is false on signed overflow, which C leaves undefined.
func (fs *fnState) counterStep(post syntax.Expr, v *types.Var, kind types.Kind) func(int64) (int64, bool) {
	var delta int64
	var op types.Kind
	switch x := unparenExpr(post).(type) {
	case *syntax.UnaryExpr:
		if fs.identVar(x.X) != v {
			return nil
		}
		switch x.Op {
		case syntax.PreInc, syntax.PostInc:
			delta = 1
		case syntax.PreDec, syntax.PostDec:
			delta = -1
		default:
			return nil
		}
		op = kind
		if kind.Size() < 4 {
			op = types.Int // the integer promotions
		}
	case *syntax.AssignExpr:
		if fs.identVar(x.X) != v || (x.Op != syntax.Add && x.Op != syntax.Sub) {
			return nil
		}
		ct := fs.info.CompoundOp[x]
		ctv := fs.info.Types[x.Y]
		if ct == nil || ctv.Value.Kind != types.IntConst || !types.ElemKind(ctv.Type).IsInteger() {
			return nil
		}
		op = types.ElemKind(ct)
		if !op.IsInteger() {
			return nil
		}
		delta = types.IntValue(op, ctv.Value.Int).Int
		if x.Op == syntax.Sub {
			if op.IsUnsigned() {
				delta = types.IntValue(op, -delta).Int
			} else if delta == math.MinInt64 {
				return nil
			} else {
				delta = -delta
			}
		}
	default:
		return nil
	}
	return func(x int64) (int64, bool) {
		a := types.IntValue(op, x).Int
		var r int64
		switch {
		case op.IsUnsigned():
			r = int64(uint64(a) + uint64(delta)) // wraps, as unsigned arithmetic does
		case op.Size() == 8:
			if delta > 0 && a > math.MaxInt64-delta || delta < 0 && a < math.MinInt64-delta {
				return 0, false
			}
			r = a + delta
		default:
			r = a + delta // exact in 64 bits
			if types.IntValue(op, r).Int != r {
				return 0, false
			}
		}
		return types.IntValue(kind, types.IntValue(op, r).Int).Int, true
	}
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
