package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// expr lowers e and applies the implicit conversion the checker recorded.
func (fs *fnState) expr(e syntax.Expr) value {
	to := fs.info.Implicit[e]
	tv := fs.info.Types[e]
	if isSamplerType(tv.Type) || (to != nil && isSamplerType(to)) {
		return fs.samplerExpr(e)
	}
	// Constants are converted at compile time.
	if tv.IsConst() {
		t := tv.Type
		if to != nil {
			t = to
		}
		if types.Scalar(t) != nil || isBoolType(t) || isVecOfArith(t) {
			return value{t: t, id: fs.constValue(tv, t)}
		}
	}
	if to != nil {
		if _, ok := types.Underlying(tv.Type).(*types.Array); ok && isPointer(to) {
			// Array-to-pointer decay: the address of the first element.
			return value{t: to, ptr: fs.addrOf(fs.lvalue(e), e)}
		}
		if _, ok := types.Underlying(tv.Type).(*types.Signature); ok {
			return value{t: to}
		}
		return fs.convert(fs.rawExpr(e), to)
	}
	return fs.rawExpr(e)
}

func isVecOfArith(t types.Type) bool {
	v, ok := types.Underlying(t).(*types.Vector)
	return ok && v.Elem.Kind.IsArithmetic()
}

// constValue emits the constant expression tv converted to t.
func (fs *fnState) constValue(tv types.TypeAndValue, t types.Type) spirv.ID {
	v := tv.Value
	k := types.ElemKind(t)
	from := types.ElemKind(tv.Type)
	if isBoolType(tv.Type) {
		from = types.Bool
	}
	// Convert the value as C does.
	switch {
	case k == types.Bool:
		v = types.IntValue(types.Bool, b2i(!v.IsZero()))
	case k.IsFloat():
		f := v.Float
		if v.Kind == types.IntConst {
			if from.IsUnsigned() {
				f = float64(v.Uint64())
			} else {
				f = float64(v.Int)
			}
		}
		v = types.FloatValue(k, f)
	default:
		if v.Kind == types.FloatConst {
			f := v.Float
			if k.IsSigned() {
				v = types.IntValue(k, int64(f))
			} else {
				v = types.IntValue(k, int64(uint64(f)))
			}
		} else {
			v = types.IntValue(k, v.Int)
		}
	}
	s := fs.constant(k, v)
	if types.VecLen(t) > 1 && types.VecLen(tv.Type) > 1 {
		// A vector constant (not a splat): the checker records scalars
		// only; lower it as an expression instead.
		return s
	}
	return fs.splatConst(t, s)
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// rawExpr lowers e without its implicit conversion.
func (fs *fnState) rawExpr(e syntax.Expr) value {
	fs.pos = e.Pos()
	tv := fs.info.Types[e]
	t := tv.Type
	if tv.IsConst() && (types.Scalar(t) != nil || isBoolType(t)) {
		return value{t: t, id: fs.constValue(tv, t)}
	}
	if tv.Mode == types.LValue && fs.isVolatile(e) && !isPointer(t) && !isArray(t) {
		return fs.loadVolatile(e)
	}
	if isImageType(t) {
		switch e.(type) {
		case *syntax.Ident, *syntax.ParenExpr:
		default:
			// An image is one argument's handle, known where it is used
			// (a select between images has no Vulkan SPIR-V form).
			fs.errorf(e.Pos(), "an image operand must name an image kernel argument or a parameter it was passed to")
			return value{t: t}
		}
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return fs.expr(x.X)
	case *syntax.Ident:
		switch o := fs.info.Uses[x].(type) {
		case *types.Var:
			return fs.varValue(o)
		case *types.EnumConst:
			return value{t: t, id: fs.constant(types.ElemKind(o.Type), o.Value)}
		}
		fs.errorf(x.At, "'%s' cannot be used as a value here", x.Name)
		return fs.undef(t)
	case *syntax.BasicLit:
		fs.errorf(x.At, "string literals are not supported here")
		return fs.undef(t)
	case *syntax.IndexExpr, *syntax.SelectorExpr:
		if sel, ok := x.(*syntax.SelectorExpr); ok && tv.Mode != types.LValue {
			return fs.selectRValue(sel, t)
		}
		if ix, ok := x.(*syntax.IndexExpr); ok && tv.Mode != types.LValue {
			return fs.indexRValue(ix, t)
		}
		return fs.loadValue(fs.lvalue(e))
	case *syntax.UnaryExpr:
		return fs.unary(x, t)
	case *syntax.BinaryExpr:
		return fs.binary(x, t)
	case *syntax.AssignExpr:
		return fs.assign(x)
	case *syntax.CommaExpr:
		fs.expr(x.X)
		return fs.expr(x.Y)
	case *syntax.CondExpr:
		return fs.condExpr(x, t)
	case *syntax.CallExpr:
		return fs.call(x, t)
	case *syntax.CastExpr:
		if elems, ok := fs.info.VecLits[x]; ok {
			return fs.vecLit(elems, t)
		}
		if types.Scalar(t) != nil && isPointer(fs.info.Types[x.X].Type) {
			if off, ok := fs.nullOffset(x.X); ok {
				return value{t: t, id: fs.constInt(t, off)}
			}
		}
		v := fs.expr(x.X)
		if types.IsVoid(t) {
			return value{t: t}
		}
		return fs.convert(v, t)
	case *syntax.CompoundLit:
		return fs.loadValue(fs.lvalue(x))
	case *syntax.SizeofExpr:
		fs.errorf(x.At, "this sizeof expression has no constant value")
		return fs.undef(t)
	}
	fs.errorf(e.Pos(), "unsupported expression")
	return fs.undef(t)
}

func (fs *fnState) undef(t types.Type) value {
	if t == nil || types.IsVoid(t) || types.IsInvalid(t) || isImageType(t) || isSamplerType(t) {
		return value{t: t}
	}
	if isPointer(t) {
		return value{t: t, ptr: &ptrVal{objs: []*object{nil}, off: fs.u32(0)}}
	}
	return value{t: t, id: fs.b.Undef(fs.valType(t))}
}

// loadValue loads a place as a value, unpacking pointers.
func (fs *fnState) loadValue(p *place) value {
	if p == nil {
		return value{}
	}
	if isPointer(p.t) {
		return value{t: p.t, ptr: fs.decodePtr(fs.load(p), p.t)}
	}
	return value{t: p.t, id: fs.load(p)}
}

// exprPlace returns a place for e: its lvalue, or a temporary holding its
// value.
func (fs *fnState) exprPlace(e syntax.Expr) *place {
	if fs.info.Types[e].Mode == types.LValue {
		return fs.lvalue(e)
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return fs.exprPlace(x.X)
	case *syntax.IndexExpr:
		if isArray(fs.info.Types[x.X].Type) {
			p := fs.exprPlace(x.X)
			at := types.Underlying(fs.info.Types[x.X].Type).(*types.Array)
			return fs.index(p, fs.to32(fs.expr(x.Index)), at.Elem)
		}
		if isVector(fs.info.Types[x.X].Type) {
			return fs.vecIndexPlace(fs.exprPlace(x.X), x, fs.info.Types[x].Type)
		}
	}
	// rawExpr never asks for the place of e itself, so this ends.
	return fs.spill(fs.rawExpr(e))
}

// indexRValue lowers a subscript of an rvalue: a component of a vector
// value or an element of an array value (a struct member of a call's
// result, say). Pointer subscripts are lvalues.
func (fs *fnState) indexRValue(x *syntax.IndexExpr, t types.Type) value {
	xt := fs.info.Types[x.X].Type
	switch at := types.Underlying(xt).(type) {
	case *types.Vector:
		return fs.vecIndexValue(x, t)
	case *types.Array:
		p := fs.exprPlace(x.X)
		return fs.loadValue(fs.index(p, fs.to32(fs.expr(x.Index)), at.Elem))
	}
	fs.errorf(x.Pos(), "internal error: subscript of a %s rvalue", xt)
	return fs.undef(t)
}

// selectRValue lowers a member or component selection of an rvalue.
func (fs *fnState) selectRValue(x *syntax.SelectorExpr, t types.Type) value {
	if x.Arrow {
		return fs.loadValue(fs.lvalue(x))
	}
	if comps, ok := fs.info.Swizzles[x]; ok {
		v := fs.expr(x.X)
		return value{t: t, id: fs.shuffle(v.id, v.t, comps, t)}
	}
	p := fs.exprPlace(x.X)
	m := fs.info.Members[x]
	return fs.loadValue(fs.member(p, m.Path))
}

// varValue reads a variable.
func (fs *fnState) varValue(v *types.Var) value {
	if isConstPtrGlobal(v) && fs.objs[v] == nil && !(fs.opts.Physical && isProgramVar(v)) {
		// A program-scope pointer (constant char *constant p = "..."):
		// its constant initializer, evaluated where it is used.
		return fs.expr(v.Init)
	}
	bd := fs.bind(v)
	switch {
	case bd.val != nil:
		return *bd.val
	case bd.offVar != 0:
		pv := &ptrVal{objs: bd.objs, off: fs.b.EmitIDs(spirv.OpLoad, fs.offType(bd.objs), bd.offVar)}
		if bd.selVar != 0 {
			pv.sel = fs.b.EmitIDs(spirv.OpLoad, fs.uint32T(), bd.selVar)
		}
		return value{t: v.Type, ptr: pv}
	}
	return fs.loadValue(bd.pl)
}

// isConstPtrGlobal reports whether v is a program-scope pointer with a
// single-expression initializer (program-scope variables are __constant,
// so it never changes).
func isConstPtrGlobal(v *types.Var) bool {
	if v.Kind != types.GlobalVar || !isPointer(v.Type) || v.Init == nil {
		return false
	}
	_, list := v.Init.(*syntax.InitList)
	return !list
}

// lvalue lowers an lvalue expression to its place.
func (fs *fnState) lvalue(e syntax.Expr) *place {
	fs.pos = e.Pos()
	t := fs.info.Types[e].Type
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return fs.lvalue(x.X)
	case *syntax.Ident:
		v, ok := fs.info.Uses[x].(*types.Var)
		if !ok {
			break
		}
		bd := fs.bind(v)
		if bd.pl == nil {
			// An immutable variable or a pointer variable in slots read
			// through a place (a member of a struct parameter, say):
			// the analysis saw no write through this place.
			return fs.spill(fs.varValue(v))
		}
		return bd.pl
	case *syntax.IndexExpr:
		xt := fs.info.Types[x.X].Type
		if at, ok := types.Underlying(xt).(*types.Array); ok {
			p := fs.exprPlace(x.X)
			return fs.index(p, fs.to32(fs.expr(x.Index)), at.Elem)
		}
		if isVector(xt) {
			return fs.vecIndexPlace(fs.exprPlace(x.X), x, t)
		}
		base, idx := x.X, x.Index
		if !isPointer(fs.exprType(base)) {
			base, idx = idx, base
		}
		pv := fs.expr(base)
		iv := fs.expr(idx)
		p := fs.ptrAdd(pv, iv, false)
		return fs.derefOrError(p.ptr, t)
	case *syntax.SelectorExpr:
		if comps, ok := fs.info.Swizzles[x]; ok {
			var parent *place
			if x.Arrow {
				// p->xy: the components of the vector p points to.
				pv := fs.expr(x.X)
				vt := types.Underlying(pv.t).(*types.Pointer).Elem
				parent = fs.derefOrError(pv.ptr, vt)
			} else {
				parent = fs.exprPlace(x.X)
			}
			if len(comps) == 1 {
				return fs.compPlace(parent, comps[0])
			}
			return &place{kind: pComp, t: t, parent: parent, comps: comps}
		}
		m, ok := fs.info.Members[x]
		if !ok {
			break
		}
		var p *place
		if x.Arrow {
			pv := fs.expr(x.X)
			st := types.Underlying(pv.t).(*types.Pointer).Elem
			p = fs.derefOrError(pv.ptr, st)
		} else {
			p = fs.exprPlace(x.X)
		}
		return fs.member(p, m.Path)
	case *syntax.UnaryExpr:
		if x.Op == syntax.Deref {
			pv := fs.expr(x.X)
			return fs.derefOrError(pv.ptr, t)
		}
	case *syntax.BasicLit:
		if x.Kind == syntax.StringLit {
			return fs.bind(fs.an.strVar(x)).pl
		}
	case *syntax.CompoundLit:
		init := fs.info.Inits[x.Init]
		if v := fs.an.lits[x]; v != nil && fs.objs[v] != nil {
			// Its address is taken: the literal's object, initialized
			// each time the literal is evaluated.
			pl := fs.bind(v).pl
			fs.initialize(pl, init)
			return pl
		}
		pl := fs.newVar(t, "")
		fs.initialize(pl, init)
		return pl
	}
	fs.errorf(e.Pos(), "expression is not assignable")
	return fs.spill(fs.undef(types.Typ[types.Int]))
}

// exprType is the type of e after its implicit conversion.
func (fs *fnState) exprType(e syntax.Expr) types.Type {
	if t := fs.info.Implicit[e]; t != nil {
		return t
	}
	return fs.info.Types[e].Type
}

func (fs *fnState) derefOrError(pv *ptrVal, t types.Type) *place {
	if pv == nil {
		fs.errorf(fs.pos, "dereferencing this pointer is not supported")
		return fs.spill(fs.undef(types.Typ[types.Int]))
	}
	p := fs.deref(pv, t)
	if p == nil {
		// The pointer can only be null here. Dereferencing it is
		// undefined only where it runs, and real code has such accesses
		// on paths its own tests exclude (a helper called with 0 for an
		// output it checks at run time): the access goes to a private
		// scratch variable, so the program compiles as clang's does.
		pl := fs.newVar(t, "")
		if fs.nullScratch == nil {
			fs.nullScratch = map[spirv.ID]bool{}
		}
		fs.nullScratch[pl.base] = true
		return pl
	}
	return p
}

// vecLit builds a vector literal from its elements (scalars and vectors).
func (fs *fnState) vecLit(elems []syntax.Expr, t types.Type) value {
	n := types.VecLen(t)
	var parts []spirv.ID
	for _, e := range elems {
		v := fs.expr(e)
		if types.VecLen(v.t) > 1 {
			parts = append(parts, fs.components(v.id, v.t)...)
		} else {
			parts = append(parts, v.id)
		}
	}
	if len(parts) == 1 && n > 1 {
		return value{t: t, id: fs.splat(parts[0], t)}
	}
	if len(parts) != n {
		fs.errorf(fs.pos, "vector literal has %d components, want %d", len(parts), n)
		return fs.undef(t)
	}
	return value{t: t, id: fs.construct(t, parts)}
}

// addrOf returns the pointer to a place.
func (fs *fnState) addrOf(p *place, e syntax.Expr) *ptrVal {
	if p.kind == pChain && p.obj == nil && fs.nullScratch[p.base] {
		// &n->member where n is known to be null (Mandelbulber:
		// "material ? &material->coloring : NULL" inlined with a null
		// material): a null pointer, never dereferenced where it runs.
		return &ptrVal{objs: []*object{nil}, off: fs.u32(0)}
	}
	switch p.kind {
	case pFlat:
		return &ptrVal{objs: []*object{p.obj}, off: p.idx}
	case pWords:
		if p.obj != nil {
			return &ptrVal{objs: []*object{p.obj}, off: p.boff}
		}
	case pChain:
		if o := p.obj; o != nil {
			if o.scalar && len(p.chain) == p.pre {
				return &ptrVal{objs: []*object{o}, off: fs.u32(0)}
			}
			if len(p.chain) == p.pre+1 {
				return &ptrVal{objs: []*object{o}, off: p.chain[p.pre]}
			}
		}
	case pPhys:
		return &ptrVal{objs: []*object{fs.physObj}, off: p.addr}
	case pDispatch:
		if wideObjs(p.ptr.objs) {
			// Byte offsets, 64 bits wide: the path below the object as
			// global memory's would take it.
			d := p.sub(fs.physPlace(p.ptr.off, p.baseT, 1))
			if d.kind == pPhys {
				return &ptrVal{objs: p.ptr.objs, sel: p.ptr.sel, off: d.addr}
			}
			break
		}
		words := false
		for _, o := range p.ptr.objs {
			if o != nil && o.words {
				words = true
			}
		}
		var d *place
		if words {
			d = p.sub(&place{kind: pWords, t: p.baseT, boff: p.ptr.off})
			return &ptrVal{objs: p.ptr.objs, sel: p.ptr.sel, off: d.boff}
		}
		d = p.sub(&place{kind: pChain, t: p.baseT, chain: []spirv.ID{p.ptr.off}})
		if len(d.chain) == 1 {
			return &ptrVal{objs: p.ptr.objs, sel: p.ptr.sel, off: d.chain[0]}
		}
	}
	fs.errorf(e.Pos(), "taking the address of this object is not supported")
	return &ptrVal{objs: []*object{nil}, off: fs.u32(0)}
}

// bind returns how variable v is reached, declaring it on first use.
func (fs *fnState) bind(v *types.Var) *binding {
	if bd, ok := fs.vars[v]; ok {
		return bd
	}
	bd := &binding{}
	fs.vars[v] = bd
	if isImageType(v.Type) || isSamplerType(v.Type) {
		// Handles live in SSA values only (Vulkan forbids them in
		// Function variables): parameters and sampler constants are
		// bound where they are declared.
		fs.errorf(fs.pos, "'%s' of type %s cannot be stored in a variable or have its address taken", v.Name, v.Type)
		bd.val = &value{t: v.Type}
		return bd
	}
	if s := fs.an.shadow[v]; s != nil {
		bd.pl = fs.objPlace(fs.objs[s], v.Type)
		return bd
	}
	if o := fs.objs[v]; o != nil && !isKernelPtrParam(v) {
		bd.pl = fs.objPlace(o, v.Type)
		return bd
	}
	if fs.opts.Physical && isProgramVar(v) {
		bd.pl = fs.programVarPlace(v)
		return bd
	}
	if isPointer(v.Type) {
		fs.ptrVarSlots(v, bd)
		return bd
	}
	switch v.Kind {
	case types.GlobalVar:
		bd.pl = fs.globalPlace(v)
	case types.KernelLocal:
		id := fs.b.Variable(fs.b.TypePointer(spirv.StorageClassWorkgroup, fs.valType(v.Type)), spirv.StorageClassWorkgroup)
		fs.b.Name(id, v.Name)
		bd.pl = &place{kind: pChain, t: v.Type, base: fs.gv(id), sc: spirv.StorageClassWorkgroup}
	default:
		bd.pl = fs.newVar(v.Type, v.Name)
	}
	return bd
}

// objPlace is the place of a whole object variable.
func (fs *fnState) objPlace(o *object, t types.Type) *place {
	p := fs.objElem(o, fs.u32(0), t)
	if isArray(t) && !o.words {
		return &place{kind: pFlat, t: t, obj: o, idx: fs.u32(0), sc: o.sc}
	}
	if o.scalar {
		p.chain = p.chain[:p.pre] // a Block's member, or the variable itself
	}
	return p
}

// ptrVarSlots declares the Function variables of a mutable pointer
// variable: its offset and, with several candidate objects, a selector.
func (fs *fnState) ptrVarSlots(v *types.Var, bd *binding) {
	set := fs.an.pts[v]
	for _, o := range fs.an.objects {
		if set[o] {
			bd.objs = append(bd.objs, fs.objs[o])
		}
	}
	if set[nil] || len(bd.objs) == 0 {
		bd.objs = append(bd.objs, nil)
	}
	bd.objs = foldNull(bd.objs)
	u := fs.uint32T()
	bd.offVar = fs.b.LocalVariable(fs.b.TypePointer(spirv.StorageClassFunction, fs.offType(bd.objs)))
	fs.b.Name(bd.offVar, v.Name+".off")
	if len(bd.objs) > 1 {
		bd.selVar = fs.b.LocalVariable(fs.b.TypePointer(spirv.StorageClassFunction, u))
		fs.b.Name(bd.selVar, v.Name+".sel")
	}
}

// storePtrVar assigns pointer value pv to the pointer variable v.
func (fs *fnState) storePtrVar(v *types.Var, pv *ptrVal) {
	bd := fs.bind(v)
	if bd.offVar == 0 {
		fs.errorf(fs.pos, "assignment to pointer '%s' is not supported", v.Name)
		return
	}
	fs.b.EmitIDs(spirv.OpStore, 0, bd.offVar, fs.offAs(pv.off, pv.objs, bd.objs))
	if bd.selVar != 0 {
		fs.b.EmitIDs(spirv.OpStore, 0, bd.selVar, fs.remapSel(pv, bd.objs))
	}
}

// remapSel returns pv's selector as an index into objs.
func (fs *fnState) remapSel(pv *ptrVal, objs []*object) spirv.ID {
	indexOf := func(o *object) uint32 {
		for i, x := range objs {
			if x == o {
				return uint32(i)
			}
		}
		if o == nil {
			// Null is global memory's address 0 where that is a
			// candidate (foldNull).
			for i, x := range objs {
				if x != nil && x.phys {
					return uint32(i)
				}
			}
		}
		fs.errorf(fs.pos, "internal error: pointer may refer to an object its variable cannot")
		return 0
	}
	if len(pv.objs) == 1 {
		return fs.u32(indexOf(pv.objs[0]))
	}
	var sel spirv.ID = fs.u32(indexOf(pv.objs[0]))
	for i := 1; i < len(pv.objs); i++ {
		c := fs.b.EmitIDs(spirv.OpIEqual, fs.boolT(), pv.sel, fs.u32(uint32(i)))
		sel = fs.b.EmitIDs(spirv.OpSelect, fs.uint32T(), c, fs.u32(indexOf(pv.objs[i])), sel)
	}
	return sel
}

// mergePtr makes one pointer from two (for ?: and phis): a common
// candidate list with a selector.
func (fs *fnState) unionObjs(a, b []*object) []*object {
	out := append([]*object(nil), a...)
	for _, o := range b {
		found := false
		for _, x := range out {
			if x == o {
				found = true
			}
		}
		if !found {
			out = append(out, o)
		}
	}
	return foldNull(out)
}

// selOf returns pv's selector (a constant for a single candidate).
func (fs *fnState) selOf(pv *ptrVal, objs []*object) spirv.ID {
	return fs.remapSel(pv, objs)
}
