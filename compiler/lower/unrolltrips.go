package lower

import (
	"math"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// A for loop's counter for unrolling (unroll.go): its init, test and step
// in the forms unrolling takes, and its values trip by trip, computed at
// compile time in C's arithmetic.

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
