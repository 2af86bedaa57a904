package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// add32, mul32 and addConst do 32-bit offset arithmetic, folding the
// common constant cases away.
func (fs *fnState) add32(x, y spirv.ID) spirv.ID {
	if fs.isConstU32(y, 0) {
		return x
	}
	if fs.isConstU32(x, 0) {
		return y
	}
	return fs.b.EmitIDs(spirv.OpIAdd, fs.uint32T(), x, y)
}

func (fs *fnState) mul32(x, y spirv.ID) spirv.ID {
	if fs.isConstU32(y, 1) {
		return x
	}
	if fs.isConstU32(x, 1) {
		return y
	}
	return fs.b.EmitIDs(spirv.OpIMul, fs.uint32T(), x, y)
}

func (fs *fnState) addConst(x spirv.ID, c uint32) spirv.ID {
	if c == 0 {
		return x
	}
	if in := fs.b.Def(x); in != nil && in.Op == spirv.OpConstant && in.ResultType == fs.uint32T() {
		return fs.u32(in.Operands[0] + c)
	}
	return fs.add32(x, fs.u32(c))
}

func (fs *fnState) isConstU32(x spirv.ID, v uint32) bool {
	in := fs.b.Def(x)
	return in != nil && in.Op == spirv.OpConstant && in.ResultType == fs.uint32T() && in.Operands[0] == v
}

// constant returns the constant of scalar kind k with value v.
func (fs *fnState) constant(k types.Kind, v types.Value) spirv.ID {
	t := fs.scalarType(k)
	switch {
	case k == types.Bool:
		return fs.b.ConstantBool(t, !v.IsZero())
	case k.IsFloat():
		f := v.Float
		if v.Kind == types.IntConst {
			f = float64(v.Int)
		}
		return fs.b.ConstantFloat(t, f)
	}
	i := v.Int
	if v.Kind == types.FloatConst {
		i = int64(v.Float)
	}
	return fs.b.ConstantUint(t, uint64(i))
}

// constOf returns a constant of type t (scalar or vector, splat) with the
// integer or float value x.
func (fs *fnState) constOf(t types.Type, x float64) spirv.ID {
	k := types.ElemKind(t)
	var s spirv.ID
	if k.IsFloat() {
		s = fs.constant(k, types.Value{Kind: types.FloatConst, Float: x})
	} else {
		s = fs.constant(k, types.Value{Kind: types.IntConst, Int: int64(x)})
	}
	return fs.splatConst(t, s)
}

// constInt is constOf for integer bit patterns.
func (fs *fnState) constInt(t types.Type, x int64) spirv.ID {
	return fs.splatConst(t, fs.constant(types.ElemKind(t), types.Value{Kind: types.IntConst, Int: x}))
}

func (fs *fnState) splatConst(t types.Type, s spirv.ID) spirv.ID {
	n := types.VecLen(t)
	if n == 1 {
		return s
	}
	if n <= 4 {
		parts := make([]spirv.ID, n)
		for i := range parts {
			parts[i] = s
		}
		return fs.b.ConstantComposite(fs.valType(t), parts...)
	}
	chunkT := fs.b.TypeVector(fs.b.Def(s).ResultType, 4)
	c := fs.b.ConstantComposite(chunkT, s, s, s, s)
	parts := make([]spirv.ID, n/4)
	for i := range parts {
		parts[i] = c
	}
	return fs.b.ConstantComposite(fs.valType(t), parts...)
}

// boolVecType is the SPIR-V bool type with the shape of t.
func (fs *fnState) boolVecType(t types.Type) spirv.ID {
	return fs.vecType(fs.boolT(), types.VecLen(t))
}

// lanes applies f to the operands piecewise: directly for scalars and
// vectors of up to 4 components, per 4-component chunk for wider vectors.
// shape is the operands' type (its length decides), rt the result's
// element SPIR-V type and len; scalar operands (not vectors) are passed
// unchanged to every chunk.
func (fs *fnState) lanes(shape types.Type, rtElem spirv.ID, args []spirv.ID, f func(rt spirv.ID, args []spirv.ID) spirv.ID) spirv.ID {
	n := types.VecLen(shape)
	if n <= 4 {
		return f(fs.vecType(rtElem, n), args)
	}
	b := fs.b
	chunkRT := b.TypeVector(rtElem, 4)
	parts := make([]spirv.ID, n/4)
	for c := range parts {
		cargs := make([]spirv.ID, len(args))
		for i, a := range args {
			if fs.isWide(a) {
				at := b.Def(fs.typeOfID(a))
				_ = at
				cargs[i] = b.Emit(spirv.OpCompositeExtract, fs.chunkTypeOf(a), uint32(a), uint32(c))
			} else {
				cargs[i] = a
			}
		}
		parts[c] = f(chunkRT, cargs)
	}
	return b.EmitIDs(spirv.OpCompositeConstruct, b.TypeArray(chunkRT, fs.u32(uint32(n/4))), parts...)
}

// typeOfID returns the SPIR-V type of a value id made in this function or
// at module level.
func (fs *fnState) typeOfID(id spirv.ID) spirv.ID {
	if in := fs.b.Def(id); in != nil {
		return in.ResultType
	}
	if in := fs.b.LocalDef(id); in != nil {
		return in.ResultType
	}
	if t, ok := fs.idTypes[id]; ok {
		return t
	}
	// Search the function (for instructions made without the builder).
	for _, blk := range fs.fn.Blocks {
		for _, in := range blk.Insts {
			if in.Result == id {
				fs.idTypes[id] = in.ResultType
				return in.ResultType
			}
		}
	}
	return 0
}

// isWide reports whether id is an array-of-chunks wide vector value.
func (fs *fnState) isWide(id spirv.ID) bool {
	t := fs.b.Def(fs.typeOfID(id))
	return t != nil && t.Op == spirv.OpTypeArray
}

func (fs *fnState) chunkTypeOf(id spirv.ID) spirv.ID {
	t := fs.b.Def(fs.typeOfID(id))
	return spirv.ID(t.Operands[0])
}

// extract returns component i of vector value v of type vt.
func (fs *fnState) extract(v spirv.ID, vt types.Type, i int) spirv.ID {
	vec := types.Underlying(vt).(*types.Vector)
	et := fs.scalarType(vec.Elem.Kind)
	if vec.Len > 4 {
		return fs.b.Emit(spirv.OpCompositeExtract, et, uint32(v), uint32(i/4), uint32(i%4))
	}
	return fs.b.Emit(spirv.OpCompositeExtract, et, uint32(v), uint32(i))
}

// extractDyn returns component i (a 32-bit id) of vector value v.
func (fs *fnState) extractDyn(v spirv.ID, vt types.Type, i spirv.ID) spirv.ID {
	vec := types.Underlying(vt).(*types.Vector)
	et := fs.scalarType(vec.Elem.Kind)
	if vec.Len <= 4 {
		return fs.b.EmitIDs(spirv.OpVectorExtractDynamic, et, v, i)
	}
	// Spill and index: dynamic indexing of an array value needs memory.
	p := fs.spill(value{t: vt, id: v})
	return fs.load(fs.compDyn(p, vt, i))
}

func (fs *fnState) compDyn(p *place, vt types.Type, i spirv.ID) *place {
	vec := types.Underlying(vt).(*types.Vector)
	u := fs.uint32T()
	if vec.Len > 4 {
		hi := fs.b.EmitIDs(spirv.OpShiftRightLogical, u, i, fs.u32(2))
		lo := fs.b.EmitIDs(spirv.OpBitwiseAnd, u, i, fs.u32(3))
		return fs.withChain(p, vec.Elem, hi, lo)
	}
	return fs.withChain(p, vec.Elem, i)
}

// construct builds a vector of type t from scalar components.
func (fs *fnState) construct(t types.Type, parts []spirv.ID) spirv.ID {
	n := types.VecLen(t)
	if n == 1 {
		return parts[0]
	}
	vec := types.Underlying(t).(*types.Vector)
	if n <= 4 {
		return fs.b.EmitIDs(spirv.OpCompositeConstruct, fs.valType(t), parts...)
	}
	chunkT := fs.b.TypeVector(fs.scalarType(vec.Elem.Kind), 4)
	chunks := make([]spirv.ID, n/4)
	for c := range chunks {
		chunks[c] = fs.b.EmitIDs(spirv.OpCompositeConstruct, chunkT, parts[4*c:4*c+4]...)
	}
	return fs.b.EmitIDs(spirv.OpCompositeConstruct, fs.valType(t), chunks...)
}

// components returns all scalar components of vector value v.
func (fs *fnState) components(v spirv.ID, vt types.Type) []spirv.ID {
	n := types.VecLen(vt)
	if n == 1 {
		return []spirv.ID{v}
	}
	parts := make([]spirv.ID, n)
	for i := range parts {
		parts[i] = fs.extract(v, vt, i)
	}
	return parts
}

// shuffle selects components idx of vector v (type vt) into a value of
// type rt (a scalar when len(idx) == 1).
func (fs *fnState) shuffle(v spirv.ID, vt types.Type, idx []int, rt types.Type) spirv.ID {
	if len(idx) == 1 {
		return fs.extract(v, vt, idx[0])
	}
	if types.VecLen(vt) <= 4 && len(idx) <= 4 {
		ops := []uint32{uint32(v), uint32(v)}
		for _, i := range idx {
			ops = append(ops, uint32(i))
		}
		return fs.b.Emit(spirv.OpVectorShuffle, fs.valType(rt), ops...)
	}
	parts := make([]spirv.ID, len(idx))
	for i, c := range idx {
		parts[i] = fs.extract(v, vt, c)
	}
	return fs.construct(rt, parts)
}

// splat widens scalar s (already of t's element type) to vector type t.
func (fs *fnState) splat(s spirv.ID, t types.Type) spirv.ID {
	n := types.VecLen(t)
	if n == 1 {
		return s
	}
	parts := make([]spirv.ID, n)
	for i := range parts {
		parts[i] = s
	}
	return fs.construct(t, parts)
}

// boolToInt turns a SPIR-V bool (vector) into C's comparison result of
// type t: 1/0 for a scalar, -1/0 for a vector.
func (fs *fnState) boolToInt(c spirv.ID, t types.Type) spirv.ID {
	one := int64(1)
	if types.VecLen(t) > 1 {
		one = -1
	}
	if types.ElemKind(t) == types.Bool {
		return c
	}
	return fs.lanes(t, fs.scalarType(types.ElemKind(t)), []spirv.ID{c}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
		n := 1
		if in := fs.b.Def(rt); in.Op == spirv.OpTypeVector {
			n = int(in.Operands[1])
		}
		ct := t
		if n > 1 {
			ct = types.NewVector(types.ElemKind(t), n)
		} else if types.VecLen(t) > 1 {
			ct = types.Typ[types.ElemKind(t)]
		}
		return fs.b.EmitIDs(spirv.OpSelect, rt, a[0], fs.constInt(ct, one), fs.constInt(ct, 0))
	})
}
