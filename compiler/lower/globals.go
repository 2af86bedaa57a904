package lower

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Program-scope variables (__constant data, function-scope statics) are
// Private variables with constant initializers; flattened to an array of
// their innermost element type when pointers refer into them.

// globalPlace is the place of a program-scope variable that no pointer
// refers to.
func (fs *fnState) globalPlace(v *types.Var) *place {
	g := fs.globals[v]
	if g == nil {
		t := fs.valType(v.Type)
		if !fs.constantsFit(v) {
			panic(bailout{})
		}
		init := fs.constInit(v.Type, fs.initOf(v))
		id := fs.b.Variable(fs.b.TypePointer(spirv.StorageClassPrivate, t), spirv.StorageClassPrivate, init)
		fs.b.Name(id, v.Name)
		g = &global{id: id}
		fs.globals[v] = g
	}
	return &place{kind: pChain, t: v.Type, base: fs.gv(g.id), sc: spirv.StorageClassPrivate}
}

// globalObject declares a program-scope variable that pointers refer into.
func (fs *fnState) globalObject(o *object) {
	v := o.v
	o.sc = spirv.StorageClassPrivate
	if o.words {
		at := fs.objArrayType(o, v.Type)
		o.id = fs.b.Variable(fs.b.TypePointer(o.sc, at), o.sc, fs.wordsInit(v, v.Type, at))
		fs.b.Name(o.id, v.Name)
		return
	}
	if !fs.constantsFit(v) {
		panic(bailout{})
	}
	var consts []spirv.ID
	fs.flatConsts(v.Type, fs.initOf(v), &consts)
	at := fs.objArrayType(o, v.Type)
	var init spirv.ID
	if o.scalar {
		init = fs.constInit(v.Type, fs.initOf(v))
	} else {
		init = fs.b.ConstantComposite(at, consts...)
	}
	o.id = fs.b.Variable(fs.b.TypePointer(o.sc, at), o.sc, init)
	fs.b.Name(o.id, v.Name)
}

// initOf returns a variable's normalised initializer.
func (fs *fnState) initOf(v *types.Var) *types.Init {
	if v.Init == nil {
		return nil
	}
	if il, ok := v.Init.(*syntax.InitList); ok {
		return fs.info.Inits[il]
	}
	return &types.Init{Type: v.Type, Expr: v.Init}
}

// constInit builds the constant value of an initializer.
func (fs *fnState) constInit(t types.Type, in *types.Init) spirv.ID {
	vt := fs.valType(t)
	if in == nil {
		return fs.b.ConstantNull(vt)
	}
	if in.Expr != nil {
		if lit, ok := unparenExpr(in.Expr).(*syntax.BasicLit); ok && lit.Kind == syntax.StringLit {
			if isPointer(t) {
				// A pointer to the literal's characters (an element of
				// constant char *constant names[]): its stored form.
				if o := fs.objs[fs.an.strVar(lit)]; o != nil {
					return fs.b.ConstantComposite(vt, fs.u32(o.num), fs.u32(0))
				}
			}
			return fs.stringConst(t, lit.Value)
		}
		tv := fs.info.Types[in.Expr]
		if !tv.IsConst() {
			if types.Scalar(t) != nil || isVecOfArith(t) {
				if parts, ok := fs.constScalars(in.Expr, t); ok {
					return fs.constComposite(t, parts)
				}
			}
			fs.errorf(in.Expr.Pos(), "initializer of a program-scope variable is not a constant")
			return fs.b.ConstantNull(vt)
		}
		if isVecOfArith(t) {
			return fs.splatConst(t, fs.constValue(tv, types.Typ[types.ElemKind(t)]))
		}
		return fs.constValue(tv, t)
	}
	switch t := types.Underlying(t).(type) {
	case *types.Array:
		parts := make([]spirv.ID, max(t.Len, 1))
		for i := range parts {
			var e *types.Init
			if i < len(in.Elems) {
				e = in.Elems[i]
			}
			parts[i] = fs.constInit(t.Elem, e)
		}
		return fs.b.ConstantComposite(vt, parts...)
	case *types.Struct:
		if t.Union || len(t.Fields) == 0 {
			return fs.unionConst(t, in, vt)
		}
		parts := make([]spirv.ID, len(t.Fields))
		for i, f := range t.Fields {
			var e *types.Init
			if i < len(in.Elems) {
				e = in.Elems[i]
			}
			parts[i] = fs.constInit(f.Type, e)
		}
		return fs.b.ConstantComposite(vt, parts...)
	case *types.Vector:
		parts := make([]spirv.ID, t.Len)
		for i := range parts {
			var e *types.Init
			if i < len(in.Elems) {
				e = in.Elems[i]
			}
			parts[i] = fs.constInit(t.Elem, e)
		}
		if t.Len <= 4 {
			return fs.b.ConstantComposite(vt, parts...)
		}
		chunkT := fs.b.TypeVector(fs.scalarType(t.Elem.Kind), 4)
		chunks := make([]spirv.ID, t.Len/4)
		for c := range chunks {
			chunks[c] = fs.b.ConstantComposite(chunkT, parts[4*c:4*c+4]...)
		}
		return fs.b.ConstantComposite(vt, chunks...)
	}
	return fs.b.ConstantNull(vt)
}

// flatConsts appends the constants of the innermost elements of an array
// initializer, in order.
func (fs *fnState) flatConsts(t types.Type, in *types.Init, out *[]spirv.ID) {
	at, ok := types.Underlying(t).(*types.Array)
	if !ok {
		*out = append(*out, fs.constInit(t, in))
		return
	}
	if in != nil && in.Expr != nil {
		// A string literal: its characters, then zeros.
		if lit, ok := unparenExpr(in.Expr).(*syntax.BasicLit); ok && lit.Kind == syntax.StringLit {
			for i := int64(0); i < max(at.Len, 1); i++ {
				*out = append(*out, fs.b.ConstantUint(fs.valType(at.Elem), uint64(strByte(lit.Value, i))))
			}
			return
		}
	}
	for i := int64(0); i < max(at.Len, 1); i++ {
		var e *types.Init
		if in != nil && int(i) < len(in.Elems) {
			e = in.Elems[i]
		}
		fs.flatConsts(at.Elem, e, out)
	}
}

// emitReflection adds the module-wide reflection and emits it.
func (l *lowerer) emitReflection() {
	if l.wgSize != 0 {
		l.refl.WorkgroupSizeSpecIDs = &[3]uint32{0, 1, 2}
	}
	l.finishPrintf()
	l.finishProgramVars()
	l.finishSamplers()
	l.finishPushConstantBuffers()
	if err := l.b.EmitReflection(l.refl); err != nil {
		l.errorf(diagPos0, "%v", err)
	}
}

var diagPos0 = diag.Pos{}

// stringConst is the constant of char array type t initialized from the
// string s (zero-filled after it).
func (fs *fnState) stringConst(t types.Type, s string) spirv.ID {
	at, ok := types.Underlying(t).(*types.Array)
	if !ok {
		fs.errorf(fs.pos, "a string literal initializes only a char array")
		return fs.b.ConstantNull(fs.valType(t))
	}
	et := fs.valType(at.Elem)
	parts := make([]spirv.ID, max(at.Len, 1))
	for i := range parts {
		parts[i] = fs.b.ConstantUint(et, uint64(strByte(s, int64(i))))
	}
	return fs.b.ConstantComposite(fs.valType(t), parts...)
}

func strByte(s string, i int64) byte {
	if i < int64(len(s)) {
		return s[i]
	}
	return 0
}

func unparenExpr(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// constScalars evaluates a constant expression of scalar or vector type as
// the scalar constants of its components, converted to the element kind
// of t (a vector literal of constants is a constant in OpenCL C, though
// the checker folds only scalars).
func (fs *fnState) constScalars(e syntax.Expr, t types.Type) ([]spirv.ID, bool) {
	tv := fs.info.Types[e]
	k := types.ElemKind(t)
	if tv.IsConst() {
		c := fs.constValue(tv, types.Typ[k])
		n := types.VecLen(t)
		if n < 1 {
			n = 1
		}
		out := make([]spirv.ID, n)
		for i := range out {
			out[i] = c
		}
		return out, true
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return fs.constScalars(x.X, t)
	case *syntax.CastExpr:
		elems, ok := fs.info.VecLits[x]
		if !ok {
			// A cast: converts a scalar (splat) or a vector.
			if n := types.VecLen(fs.exprType(x.X)); n == 1 || n == types.VecLen(t) {
				return fs.constScalars(x.X, t)
			}
			return nil, false
		}
		var out []spirv.ID
		for _, el := range elems {
			et := fs.exprType(el)
			n := types.VecLen(et)
			var part []spirv.ID
			if n > 1 {
				part, ok = fs.constScalars(el, types.NewVector(k, n))
			} else {
				part, ok = fs.constScalars(el, types.Typ[k])
			}
			if !ok {
				return nil, false
			}
			out = append(out, part...)
		}
		if len(out) == 1 {
			for len(out) < types.VecLen(t) {
				out = append(out, out[0])
			}
		}
		return out, len(out) == types.VecLen(t)
	}
	return nil, false
}

// constComposite builds the constant of scalar or vector type t from its
// component constants.
func (fs *fnState) constComposite(t types.Type, parts []spirv.ID) spirv.ID {
	n := types.VecLen(t)
	if n == 1 {
		return parts[0]
	}
	if n <= 4 {
		return fs.b.ConstantComposite(fs.valType(t), parts...)
	}
	chunkT := fs.b.TypeVector(fs.scalarType(types.ElemKind(t)), 4)
	chunks := make([]spirv.ID, n/4)
	for c := range chunks {
		chunks[c] = fs.b.ConstantComposite(chunkT, parts[4*c:4*c+4]...)
	}
	return fs.b.ConstantComposite(fs.valType(t), chunks...)
}
