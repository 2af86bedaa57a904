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
		fs.errorf(v.At, "accessing program-scope variable '%s' through pointers of different types is not supported", v.Name)
		o.words = false
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
			return fs.stringConst(t, lit.Value)
		}
		tv := fs.info.Types[in.Expr]
		if !tv.IsConst() {
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
			fs.errorf(fs.pos, "initialized program-scope unions are not supported")
			return fs.b.ConstantNull(vt)
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
