package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Vector subscripts, v[i] (a clang extension OpenCL code relies on): on a
// vector value (an rvalue such as (v + v)[1] or f(x)[0]) they extract a
// component; on a vector place (a variable, a struct member, *p, p[k]) they
// select the component's place, so that v[i] = x stores one component.
// A constant index outside the vector has no component (the checker warns):
// it reads as undefined and writes nowhere; a dynamic index is wrapped into the vector, so no
// access ever leaves the vector's memory.

func isVector(t types.Type) bool {
	_, ok := types.Underlying(t).(*types.Vector)
	return ok
}

// vecIndexValue lowers x.X[x.Index] where x.X is a vector rvalue.
func (fs *fnState) vecIndexValue(x *syntax.IndexExpr, t types.Type) value {
	v := fs.expr(x.X)
	if c, ok := fs.constIndex(x.Index, types.VecLen(v.t)); ok {
		if c < 0 || c >= int64(types.VecLen(v.t)) {
			return fs.undef(t)
		}
		return value{t: t, id: fs.extract(v.id, v.t, int(c))}
	}
	i := fs.wrapVecIndex(fs.to32(fs.expr(x.Index)), v.t)
	return value{t: t, id: fs.extractDyn(v.id, v.t, i)}
}

// vecIndexPlace is the place of component x.Index of vector place p.
func (fs *fnState) vecIndexPlace(p *place, x *syntax.IndexExpr, t types.Type) *place {
	if c, ok := fs.constIndex(x.Index, types.VecLen(p.t)); ok {
		if c < 0 || c >= int64(types.VecLen(p.t)) {
			// Undefined behaviour the checker warned about: a scratch
			// place, so that the access touches no memory.
			return fs.spill(fs.undef(t))
		}
		return fs.compPlace(p, int(c))
	}
	i := fs.wrapVecIndex(fs.to32(fs.expr(x.Index)), p.t)
	return fs.compDynPlace(p, i)
}

// constIndex returns the value of a constant subscript of a vector of n
// components: a constant expression, or a variable bound to a constant
// (an unrolled loop's counter, unroll.go) when that names a component (a
// variable out of range is wrapped as a dynamic index is).
func (fs *fnState) constIndex(e syntax.Expr, n int) (int64, bool) {
	tv := fs.info.Types[e]
	if tv.Value.Kind != types.IntConst {
		if c, ok := fs.boundConst(e); ok && c >= 0 && c < int64(n) {
			return c, true
		}
		return 0, false
	}
	if types.ElemKind(tv.Type).IsUnsigned() && tv.Value.Int < 0 {
		return -1, true // above any vector length
	}
	return tv.Value.Int, true
}

// wrapVecIndex keeps a dynamic component index i (a 32-bit id) inside a
// vector of type vt: masked for the power-of-two lengths, else 0 when out of
// range.
func (fs *fnState) wrapVecIndex(i spirv.ID, vt types.Type) spirv.ID {
	n := uint32(types.VecLen(vt))
	u := fs.uint32T()
	if n&(n-1) == 0 {
		return fs.b.EmitIDs(spirv.OpBitwiseAnd, u, i, fs.u32(n-1))
	}
	in := fs.b.EmitIDs(spirv.OpULessThan, fs.boolT(), i, fs.u32(n))
	return fs.b.EmitIDs(spirv.OpSelect, u, in, i, fs.u32(0))
}

// compDynPlace is component i (a 32-bit id within the vector) of the vector
// place p.
func (fs *fnState) compDynPlace(p *place, i spirv.ID) *place {
	vt := types.Underlying(p.t).(*types.Vector)
	et := vt.Elem
	switch p.kind {
	case pChain:
		return fs.compDyn(p, p.t, i)
	case pWords:
		q := *p
		q.t = et
		q.boff = fs.add32(p.boff, fs.mul32(i, fs.u32(uint32(et.Size()))))
		return &q
	case pComp:
		// A swizzle's component i: map i to the parent's component.
		u := fs.uint32T()
		c := fs.u32(uint32(p.comps[0]))
		for k := 1; k < len(p.comps); k++ {
			is := fs.b.EmitIDs(spirv.OpIEqual, fs.boolT(), i, fs.u32(uint32(k)))
			c = fs.b.EmitIDs(spirv.OpSelect, u, is, fs.u32(uint32(p.comps[k])), c)
		}
		return fs.compDynPlace(p.parent, c)
	case pDispatch:
		return fs.subPlace(p, et, func(q *place) *place { return fs.compDynPlace(q, i) })
	case pPhys:
		q := fs.physIndex(p, i, et)
		return q
	}
	fs.errorf(fs.pos, "internal error: component of a non-vector place")
	return fs.spill(fs.undef(et))
}
