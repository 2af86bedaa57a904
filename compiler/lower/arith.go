package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// arith applies a binary arithmetic or bitwise operator to x and y, both
// of type t (the checker has converted them).
func (fs *fnState) arith(op syntax.Op, x, y spirv.ID, t types.Type) spirv.ID {
	k := types.ElemKind(t)
	fl, signed := k.IsFloat(), k.IsSigned()
	if op == syntax.Div && k == types.Half {
		// Half division in float, rounded once to half: correctly rounded
		// where the float division is (float has 24 >= 2*11+2 bits);
		// Vulkan promises only 2.5 ulp for a Float16 OpFDiv (docs/fp16.md).
		ft := withElemKind(t, types.Float)
		q := fs.arith(op, fs.convKinds(x, t, k, types.Float), fs.convKinds(y, t, k, types.Float), ft)
		return fs.convKinds(q, ft, types.Float, k)
	}
	var sop spirv.Op
	switch op {
	case syntax.Add:
		sop = pick(fl, spirv.OpFAdd, spirv.OpIAdd)
	case syntax.Sub:
		sop = pick(fl, spirv.OpFSub, spirv.OpISub)
	case syntax.Mul:
		sop = pick(fl, spirv.OpFMul, spirv.OpIMul)
	case syntax.Div:
		sop = pick(fl, spirv.OpFDiv, pick(signed, spirv.OpSDiv, spirv.OpUDiv))
	case syntax.Rem:
		sop = pick(fl, spirv.OpFRem, pick(signed, spirv.OpSRem, spirv.OpUMod))
	case syntax.And:
		sop = pick(k == types.Bool, spirv.OpLogicalAnd, spirv.OpBitwiseAnd)
	case syntax.Or:
		sop = pick(k == types.Bool, spirv.OpLogicalOr, spirv.OpBitwiseOr)
	case syntax.Xor:
		sop = pick(k == types.Bool, spirv.OpLogicalNotEqual, spirv.OpBitwiseXor)
	case syntax.Shl, syntax.Shr:
		// OpenCL: the shift count is taken modulo the width.
		y = fs.lanes(t, fs.scalarType(k), []spirv.ID{y}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
			return fs.b.EmitIDs(spirv.OpBitwiseAnd, rt, a[0], fs.constLike(rt, k, float64(8*k.Size()-1)))
		})
		sop = spirv.OpShiftLeftLogical
		if op == syntax.Shr {
			sop = pick(signed, spirv.OpShiftRightArithmetic, spirv.OpShiftRightLogical)
		}
	default:
		fs.errorf(fs.pos, "unsupported operator %v", op)
		return fs.b.Undef(fs.valType(t))
	}
	return fs.lanes(t, fs.scalarType(k), []spirv.ID{x, y}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
		if sop == spirv.OpSRem {
			return fs.srem(rt, k, a[0], a[1])
		}
		return fs.b.EmitIDs(sop, rt, a[0], a[1])
	})
}

func pick(c bool, a, b spirv.Op) spirv.Op {
	if c {
		return a
	}
	return b
}

// compare applies a comparison to x and y of type t, giving SPIR-V bools.
func (fs *fnState) compare(op syntax.Op, x, y spirv.ID, t types.Type) spirv.ID {
	k := types.ElemKind(t)
	var sop spirv.Op
	if k.IsFloat() {
		sop = map[syntax.Op]spirv.Op{
			syntax.Eql: spirv.OpFOrdEqual, syntax.Neq: spirv.OpFUnordNotEqual,
			syntax.Lss: spirv.OpFOrdLessThan, syntax.Leq: spirv.OpFOrdLessThanEqual,
			syntax.Gtr: spirv.OpFOrdGreaterThan, syntax.Geq: spirv.OpFOrdGreaterThanEqual,
		}[op]
	} else if k == types.Bool {
		sop = map[syntax.Op]spirv.Op{syntax.Eql: spirv.OpLogicalEqual, syntax.Neq: spirv.OpLogicalNotEqual}[op]
	} else if k.IsSigned() {
		sop = map[syntax.Op]spirv.Op{
			syntax.Eql: spirv.OpIEqual, syntax.Neq: spirv.OpINotEqual,
			syntax.Lss: spirv.OpSLessThan, syntax.Leq: spirv.OpSLessThanEqual,
			syntax.Gtr: spirv.OpSGreaterThan, syntax.Geq: spirv.OpSGreaterThanEqual,
		}[op]
	} else {
		sop = map[syntax.Op]spirv.Op{
			syntax.Eql: spirv.OpIEqual, syntax.Neq: spirv.OpINotEqual,
			syntax.Lss: spirv.OpULessThan, syntax.Leq: spirv.OpULessThanEqual,
			syntax.Gtr: spirv.OpUGreaterThan, syntax.Geq: spirv.OpUGreaterThanEqual,
		}[op]
	}
	if sop == 0 {
		fs.errorf(fs.pos, "unsupported comparison")
		return fs.b.Undef(fs.boolVecType(t))
	}
	return fs.lanes(t, fs.boolT(), []spirv.ID{x, y}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
		return fs.b.EmitIDs(sop, rt, a[0], a[1])
	})
}

func isComparison(op syntax.Op) bool { return op >= syntax.Eql && op <= syntax.Geq }

func (fs *fnState) binary(x *syntax.BinaryExpr, t types.Type) value {
	switch {
	case x.Op == syntax.LogAnd || x.Op == syntax.LogOr:
		if types.VecLen(fs.exprType(x.X)) > 1 || types.VecLen(fs.exprType(x.Y)) > 1 {
			// Component-wise, both sides evaluated.
			a, b := fs.expr(x.X), fs.expr(x.Y)
			ca := fs.convKinds(a.id, a.t, types.ElemKind(a.t), types.Bool)
			cb := fs.convKinds(b.id, b.t, types.ElemKind(b.t), types.Bool)
			op := pick(x.Op == syntax.LogAnd, spirv.OpLogicalAnd, spirv.OpLogicalOr)
			c := fs.lanes(t, fs.boolT(), []spirv.ID{ca, cb}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
				return fs.b.EmitIDs(op, rt, a[0], a[1])
			})
			return value{t: t, id: fs.boolToInt(c, t)}
		}
		return value{t: t, id: fs.boolToInt(fs.cond(x), t)}
	case isComparison(x.Op):
		a, b := fs.expr(x.X), fs.expr(x.Y)
		if a.ptr != nil || b.ptr != nil {
			return value{t: t, id: fs.boolToInt(fs.comparePtr(x.Op, a, b), t)}
		}
		return value{t: t, id: fs.boolToInt(fs.compare(x.Op, a.id, b.id, a.t), t)}
	}
	a, b := fs.expr(x.X), fs.expr(x.Y)
	if a.ptr != nil || b.ptr != nil {
		switch {
		case a.ptr != nil && b.ptr != nil && x.Op == syntax.Sub:
			return fs.ptrDiff(a, b, t)
		case a.ptr != nil:
			return fs.ptrAdd(a, b, x.Op == syntax.Sub)
		default:
			return fs.ptrAdd(b, a, false)
		}
	}
	return value{t: t, id: fs.arith(x.Op, a.id, b.id, t)}
}

// cond lowers a condition to a SPIR-V bool, short-circuiting && and ||.
func (fs *fnState) cond(e syntax.Expr) spirv.ID {
	fs.pos = e.Pos()
	tv := fs.info.Types[e]
	if tv.IsConst() {
		return fs.b.ConstantBool(fs.boolT(), !tv.Value.IsZero())
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return fs.cond(x.X)
	case *syntax.UnaryExpr:
		if x.Op == syntax.Not && types.VecLen(tv.Type) == 1 {
			return fs.b.EmitIDs(spirv.OpLogicalNot, fs.boolT(), fs.cond(x.X))
		}
	case *syntax.BinaryExpr:
		if types.VecLen(tv.Type) > 1 {
			break
		}
		switch {
		case isComparison(x.Op):
			a, b := fs.expr(x.X), fs.expr(x.Y)
			if a.ptr != nil || b.ptr != nil {
				return fs.comparePtr(x.Op, a, b)
			}
			return fs.compare(x.Op, a.id, b.id, a.t)
		case x.Op == syntax.LogAnd || x.Op == syntax.LogOr:
			and := x.Op == syntax.LogAnd
			cx := fs.cond(x.X)
			if fs.safe(x.Y) {
				cy := fs.cond(x.Y)
				return fs.b.EmitIDs(pick(and, spirv.OpLogicalAnd, spirv.OpLogicalOr), fs.boolT(), cx, cy)
			}
			b := fs.b
			_, from := b.Current()
			fromL := from.Label
			then, merge := b.NewID(), b.NewID()
			b.Emit(spirv.OpSelectionMerge, 0, uint32(merge), uint32(spirv.SelectionControlNone))
			if and {
				b.EmitIDs(spirv.OpBranchConditional, 0, cx, then, merge)
			} else {
				b.EmitIDs(spirv.OpBranchConditional, 0, cx, merge, then)
			}
			b.StartBlock(then)
			cy := fs.cond(x.Y)
			_, yb := b.Current()
			yl := yb.Label
			b.EmitIDs(spirv.OpBranch, 0, merge)
			b.StartBlock(merge)
			short := b.ConstantBool(fs.boolT(), !and)
			return b.EmitIDs(spirv.OpPhi, fs.boolT(), short, fromL, cy, yl)
		}
	}
	v := fs.expr(e)
	if v.ptr != nil {
		return fs.ptrNonNull(v.ptr)
	}
	k := types.ElemKind(v.t)
	if isBoolType(v.t) {
		return v.id
	}
	return fs.convKinds(v.id, v.t, k, types.Bool)
}

// safe reports whether e can be evaluated unconditionally: no side
// effects and no memory access that a guard might be protecting.
func (fs *fnState) safe(e syntax.Expr) bool {
	if fs.info.Types[e].IsConst() {
		return true
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return fs.safe(x.X)
	case *syntax.Ident:
		v, ok := fs.info.Uses[x].(*types.Var)
		if !ok {
			return true
		}
		bd := fs.vars[v]
		return bd != nil && (bd.val != nil || bd.offVar != 0 || bd.pl != nil && bd.pl.kind == pChain && bd.pl.obj == nil)
	case *syntax.UnaryExpr:
		switch x.Op {
		case syntax.Plus, syntax.Neg, syntax.Not, syntax.Compl:
			return fs.safe(x.X)
		}
	case *syntax.BinaryExpr:
		return fs.safe(x.X) && fs.safe(x.Y)
	case *syntax.CastExpr:
		if elems, ok := fs.info.VecLits[x]; ok {
			for _, e := range elems {
				if !fs.safe(e) {
					return false
				}
			}
			return true
		}
		return fs.safe(x.X)
	case *syntax.SelectorExpr:
		return !x.Arrow && fs.safe(x.X)
	case *syntax.CallExpr:
		c := fs.info.Calls[x]
		if c.Builtin == nil || !pureBuiltin(c.Builtin.Name) {
			return false
		}
		for _, a := range x.Args {
			if !fs.safe(a) {
				return false
			}
		}
		return true
	}
	return false
}

func (fs *fnState) unary(x *syntax.UnaryExpr, t types.Type) value {
	switch x.Op {
	case syntax.Plus:
		return fs.expr(x.X)
	case syntax.Neg:
		v := fs.expr(x.X)
		op := pick(isFloat(v.t), spirv.OpFNegate, spirv.OpSNegate)
		return value{t: t, id: fs.lanes(v.t, fs.scalarType(types.ElemKind(v.t)), []spirv.ID{v.id}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
			return fs.b.EmitIDs(op, rt, a[0])
		})}
	case syntax.Compl:
		v := fs.expr(x.X)
		return value{t: t, id: fs.lanes(v.t, fs.scalarType(types.ElemKind(v.t)), []spirv.ID{v.id}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
			return fs.b.EmitIDs(spirv.OpNot, rt, a[0])
		})}
	case syntax.Not:
		if types.VecLen(t) > 1 {
			v := fs.expr(x.X)
			nz := fs.convKinds(v.id, v.t, types.ElemKind(v.t), types.Bool)
			z := fs.lanes(v.t, fs.boolT(), []spirv.ID{nz}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
				return fs.b.EmitIDs(spirv.OpLogicalNot, rt, a[0])
			})
			return value{t: t, id: fs.boolToInt(z, t)}
		}
		return value{t: t, id: fs.boolToInt(fs.cond(x), t)}
	case syntax.Deref:
		return fs.loadValue(fs.lvalue(x))
	case syntax.Addr:
		if _, ok := fs.info.Types[x.X].Type.(*types.Signature); ok {
			fs.errorf(x.At, "function pointers are not supported")
			return fs.undef(t)
		}
		return value{t: t, ptr: fs.addrOf(fs.lvalue(x.X), x.X)}
	case syntax.PreInc, syntax.PreDec, syntax.PostInc, syntax.PostDec:
		return fs.incDec(x, t)
	}
	fs.errorf(x.At, "unsupported operator %v", x.Op)
	return fs.undef(t)
}

func (fs *fnState) incDec(x *syntax.UnaryExpr, t types.Type) value {
	dec := x.Op == syntax.PreDec || x.Op == syntax.PostDec
	pre := x.Op == syntax.PreInc || x.Op == syntax.PreDec
	xt := fs.info.Types[x.X].Type
	if isPointer(xt) {
		loc := fs.ptrLvalue(x.X)
		old := fs.loadPtr(loc, xt)
		nv := fs.ptrAdd(old, value{t: types.Typ[types.Int], id: fs.u32(1)}, dec)
		fs.storePtr(loc, nv)
		if pre {
			return nv
		}
		return old
	}
	p := fs.lvalue(x.X)
	m := fs.mark()
	old := fs.load(p)
	vol := fs.isVolatile(x.X)
	if vol {
		fs.volatileSince(m)
	}
	var nv spirv.ID
	if isBoolType(xt) {
		nv = fs.b.ConstantBool(fs.boolT(), !dec)
		if dec {
			nv = fs.b.EmitIDs(spirv.OpLogicalNot, fs.boolT(), old)
		}
	} else {
		op := syntax.Add
		if dec {
			op = syntax.Sub
		}
		nv = fs.arith(op, old, fs.constOf(xt, 1), xt)
	}
	fs.storeMarked(p, nv, vol)
	if pre {
		return value{t: xt, id: nv}
	}
	return value{t: xt, id: old}
}

// ptrLoc is where a pointer lvalue lives: the slots of a pointer
// variable, or memory (a place holding a packed pointer).
type ptrLoc struct {
	v  *types.Var
	pl *place
}

// ptrLvalue lowers a pointer-typed lvalue.
func (fs *fnState) ptrLvalue(e syntax.Expr) ptrLoc {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			break
		}
		e = p.X
	}
	if id, ok := e.(*syntax.Ident); ok {
		if v, ok := fs.info.Uses[id].(*types.Var); ok {
			if bd := fs.bind(v); bd.pl == nil {
				return ptrLoc{v: v}
			}
		}
	}
	return ptrLoc{pl: fs.lvalue(e)}
}

func (fs *fnState) loadPtr(loc ptrLoc, t types.Type) value {
	if loc.v != nil {
		v := fs.varValue(loc.v)
		v.t = t
		return v
	}
	return fs.loadValue(loc.pl)
}

func (fs *fnState) storePtr(loc ptrLoc, v value) {
	if loc.v != nil {
		if v.ptr != nil {
			fs.storePtrVar(loc.v, v.ptr)
		}
		return
	}
	fs.storeValue(loc.pl, v)
}

func (fs *fnState) assign(x *syntax.AssignExpr) value {
	xt := fs.info.Types[x.X].Type
	if isPointer(xt) {
		var nv value
		var loc ptrLoc
		if x.Op == 0 {
			nv = fs.expr(x.Y)
			loc = fs.ptrLvalue(x.X)
		} else {
			loc = fs.ptrLvalue(x.X)
			nv = fs.ptrAdd(fs.loadPtr(loc, xt), fs.expr(x.Y), x.Op == syntax.Sub)
		}
		fs.storePtr(loc, nv)
		nv.t = xt
		return nv
	}
	if x.Op == 0 {
		v := fs.expr(x.Y)
		p := fs.lvalue(x.X)
		if v.id != 0 {
			fs.storeMarked(p, v.id, fs.isVolatile(x.X))
		}
		v.t = xt
		return v
	}
	ct := fs.info.CompoundOp[x]
	if ct == nil {
		ct = xt
	}
	p := fs.lvalue(x.X)
	vol := fs.isVolatile(x.X)
	m := fs.mark()
	loaded := fs.load(p)
	if vol {
		fs.volatileSince(m)
	}
	old := fs.convert(value{t: xt, id: loaded}, ct)
	y := fs.expr(x.Y)
	if x.Op == syntax.Shl || x.Op == syntax.Shr {
		y = fs.convert(y, ct)
	}
	r := fs.convert(value{t: ct, id: fs.arith(x.Op, old.id, y.id, ct)}, xt)
	fs.storeMarked(p, r.id, vol)
	return r
}

// ptrAdd is pointer p plus (or minus) integer i elements.
func (fs *fnState) ptrAdd(p, i value, sub bool) value {
	if p.ptr == nil {
		fs.errorf(fs.pos, "pointer arithmetic on this value is not supported")
		return fs.undef(p.t)
	}
	if wideObjs(p.ptr.objs) {
		return fs.ptrAdd64(p, i, sub)
	}
	step := fs.to32(i)
	if fs.wordsPtr(p.ptr) {
		if pt, ok := types.Underlying(p.t).(*types.Pointer); ok {
			step = fs.mul32(step, fs.u32(uint32(fs.conf.Sizeof(pt.Elem))))
		}
	}
	off := p.ptr.off
	if sub {
		off = fs.b.EmitIDs(spirv.OpISub, fs.uint32T(), off, step)
	} else {
		off = fs.add32(off, step)
	}
	return value{t: p.t, ptr: &ptrVal{objs: p.ptr.objs, sel: p.ptr.sel, off: off}}
}

func (fs *fnState) wordsPtr(p *ptrVal) bool {
	for _, o := range p.objs {
		if o != nil && o.words {
			return true
		}
	}
	return false
}

// ptrDiff is p - q in elements.
func (fs *fnState) ptrDiff(p, q value, t types.Type) value {
	if wideObjs(p.ptr.objs) || wideObjs(q.ptr.objs) {
		return fs.ptrDiff64(p, q, t)
	}
	d := fs.b.EmitIDs(spirv.OpISub, fs.uint32T(), p.ptr.off, q.ptr.off)
	if fs.wordsPtr(p.ptr) {
		if pt, ok := types.Underlying(p.t).(*types.Pointer); ok {
			d = fs.b.EmitIDs(spirv.OpSDiv, fs.uint32T(), d, fs.u32(uint32(fs.conf.Sizeof(pt.Elem))))
		}
	}
	return fs.convert(value{t: types.Typ[types.Int], id: d}, t)
}

// isNullPtr reports whether p is the null pointer constant's value.
func isNullPtr(p *ptrVal) bool { return p != nil && len(p.objs) == 1 && p.objs[0] == nil }

func pick2(c bool, a, b *ptrVal) *ptrVal {
	if c {
		return a
	}
	return b
}

// comparePtr compares two pointers by offset (and object, for equality).
func (fs *fnState) comparePtr(op syntax.Op, a, b value) spirv.ID {
	if (op == syntax.Eql || op == syntax.Neq) && (isNullPtr(a.ptr) || isNullPtr(b.ptr)) {
		// Against the null pointer ((void *)0, NULL): a NULL buffer
		// argument is equal to it.
		a.ptr, b.ptr = nil, pick2(isNullPtr(a.ptr), b.ptr, a.ptr)
	}
	if a.ptr == nil || b.ptr == nil {
		// A pointer against an integer constant (0).
		var p *ptrVal
		if a.ptr != nil {
			p = a.ptr
		} else {
			p = b.ptr
		}
		nn := fs.ptrNonNull(p)
		if op == syntax.Eql {
			return fs.b.EmitIDs(spirv.OpLogicalNot, fs.boolT(), nn)
		}
		return nn
	}
	var c spirv.ID
	if both := fs.unionObjs(a.ptr.objs, b.ptr.objs); wideObjs(both) {
		c = fs.compare(op, fs.offAs(a.ptr.off, a.ptr.objs, both), fs.offAs(b.ptr.off, b.ptr.objs, both), types.Typ[types.ULong])
	} else {
		c = fs.compare(op, a.ptr.off, b.ptr.off, types.Typ[types.UInt])
	}
	if op == syntax.Eql || op == syntax.Neq {
		objs := fs.unionObjs(a.ptr.objs, b.ptr.objs)
		if len(objs) > 1 {
			sa, sb := fs.remapSel(a.ptr, objs), fs.remapSel(b.ptr, objs)
			s := fs.compare(op, sa, sb, types.Typ[types.UInt])
			if op == syntax.Eql {
				return fs.b.EmitIDs(spirv.OpLogicalAnd, fs.boolT(), c, s)
			}
			return fs.b.EmitIDs(spirv.OpLogicalOr, fs.boolT(), c, s)
		}
	}
	return c
}

// condExpr lowers c ? x : y.
func (fs *fnState) condExpr(x *syntax.CondExpr, t types.Type) value {
	ct := fs.info.Types[x.Cond].Type
	if types.VecLen(ct) > 1 {
		// Component-wise select on the most significant bit of the
		// condition.
		c := fs.expr(x.Cond)
		a, b := fs.expr(x.X), fs.expr(x.Y)
		return value{t: t, id: fs.selectMSB(c, a.id, b.id, t)}
	}
	if !isPointer(t) && !types.IsVoid(t) && (types.Scalar(t) != nil || isVecOfArith(t) || isBoolType(t)) && fs.safe(x.X) && fs.safe(x.Y) {
		c := fs.cond(x.Cond)
		a, b := fs.expr(x.X), fs.expr(x.Y)
		return value{t: t, id: fs.selectScalarCond(c, a.id, b.id, t)}
	}
	b := fs.b
	c := fs.cond(x.Cond)
	tl, fl, merge := b.NewID(), b.NewID(), b.NewID()
	b.Emit(spirv.OpSelectionMerge, 0, uint32(merge), uint32(spirv.SelectionControlNone))
	b.EmitIDs(spirv.OpBranchConditional, 0, c, tl, fl)
	arm := func(label spirv.ID, e syntax.Expr) (value, spirv.ID) {
		b.StartBlock(label)
		v := fs.expr(e)
		return v, 0
	}
	av, _ := arm(tl, x.X)
	var objs []*object
	var asel, bsel, aoff, boff spirv.ID
	if isPointer(t) && av.ptr != nil {
		// selectors are remapped once both sides are known: remember the
		// arm's block and patch below.
	}
	_, ab := b.Current()
	aEnd := ab
	bv, _ := arm(fl, x.Y)
	_, bb := b.Current()
	bEnd := bb
	if isPointer(t) && av.ptr != nil && bv.ptr != nil {
		objs = fs.unionObjs(av.ptr.objs, bv.ptr.objs)
		fn, _ := b.Current()
		b.SetInsertPoint(fn, aEnd)
		aoff = fs.offAs(av.ptr.off, av.ptr.objs, objs)
		if len(objs) > 1 {
			asel = fs.remapSel(av.ptr, objs)
		}
		b.SetInsertPoint(fn, bEnd)
		boff = fs.offAs(bv.ptr.off, bv.ptr.objs, objs)
		if len(objs) > 1 {
			bsel = fs.remapSel(bv.ptr, objs)
		}
	}
	fn, _ := b.Current()
	b.SetInsertPoint(fn, aEnd)
	b.EmitIDs(spirv.OpBranch, 0, merge)
	b.SetInsertPoint(fn, bEnd)
	b.EmitIDs(spirv.OpBranch, 0, merge)
	b.StartBlock(merge)
	switch {
	case types.IsVoid(t) || av.id == 0 && av.ptr == nil:
		return value{t: t}
	case isPointer(t):
		if av.ptr == nil || bv.ptr == nil {
			return fs.undef(t)
		}
		u := fs.uint32T()
		off := b.EmitIDs(spirv.OpPhi, fs.offType(objs), aoff, aEnd.Label, boff, bEnd.Label)
		pv := &ptrVal{objs: objs, off: off}
		if len(objs) > 1 {
			pv.sel = b.EmitIDs(spirv.OpPhi, u, asel, aEnd.Label, bsel, bEnd.Label)
		}
		return value{t: t, ptr: pv}
	}
	return value{t: t, id: b.EmitIDs(spirv.OpPhi, fs.valType(t), av.id, aEnd.Label, bv.id, bEnd.Label)}
}

// selectScalarCond is OpSelect with a scalar bool condition and operands
// of type t (splatting the condition for vectors, as SPIR-V 1.3 needs).
func (fs *fnState) selectScalarCond(c, a, b spirv.ID, t types.Type) spirv.ID {
	n := types.VecLen(t)
	if n > 1 {
		parts := make([]spirv.ID, chunkLen(n))
		for i := range parts {
			parts[i] = c
		}
		c = fs.b.EmitIDs(spirv.OpCompositeConstruct, fs.b.TypeVector(fs.boolT(), uint32(chunkLen(n))), parts...)
		if n > 4 {
			return fs.lanes(t, fs.scalarType(types.ElemKind(t)), []spirv.ID{a, b}, func(rt spirv.ID, x []spirv.ID) spirv.ID {
				return fs.b.EmitIDs(spirv.OpSelect, rt, c, x[0], x[1])
			})
		}
	}
	return fs.b.EmitIDs(spirv.OpSelect, fs.valType(t), c, a, b)
}

// selectMSB picks a where the condition's component has its most
// significant bit set, b elsewhere (OpenCL's vector ?: and select()); a
// scalar condition picks a when it is not zero.
func (fs *fnState) selectMSB(c value, a, b spirv.ID, t types.Type) spirv.ID {
	zero := fs.constInt(c.t, 0)
	var cb spirv.ID
	if types.VecLen(c.t) > 1 {
		// The sign bit: compare as signed against zero.
		cb = fs.lanes(c.t, fs.boolT(), []spirv.ID{c.id, zero}, func(rt spirv.ID, x []spirv.ID) spirv.ID {
			return fs.b.EmitIDs(spirv.OpSLessThan, rt, x[0], x[1])
		})
	} else {
		cb = fs.lanes(c.t, fs.boolT(), []spirv.ID{c.id, zero}, func(rt spirv.ID, x []spirv.ID) spirv.ID {
			return fs.b.EmitIDs(spirv.OpINotEqual, rt, x[0], x[1])
		})
	}
	return fs.lanes(t, fs.scalarType(types.ElemKind(t)), []spirv.ID{cb, a, b}, func(rt spirv.ID, x []spirv.ID) spirv.ID {
		return fs.b.EmitIDs(spirv.OpSelect, rt, x[0], x[1], x[2])
	})
}
