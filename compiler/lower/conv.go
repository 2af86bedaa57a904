package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// convert converts v to type to, as C's implicit conversions and casts do
// (the checker decides where they apply).
func (fs *fnState) convert(v value, to types.Type) value {
	from := v.t
	if to == nil || types.IsVoid(to) {
		return value{t: to}
	}
	if types.Identical(from, to) {
		v.t = to
		return v
	}
	switch tt := types.Underlying(to).(type) {
	case *types.Pointer:
		if v.ptr != nil {
			return value{t: to, ptr: v.ptr}
		}
		// An integer to a pointer: the null pointer constant, or an
		// integer made from a pointer (ptrcast.go).
		if fs.isNullConst(v.id) {
			return value{t: to, ptr: &ptrVal{objs: []*object{nil}, off: fs.u32(0)}}
		}
		return value{t: to, ptr: fs.intToPtr(v, tt)}
	case *types.Basic:
		if v.ptr != nil {
			if tt.Kind == types.Bool {
				return value{t: to, id: fs.ptrNonNull(v.ptr)}
			}
			return fs.ptrToInt(v, tt)
		}
		fb := types.Scalar(from)
		if fb == nil && isBoolType(from) {
			fb = types.Typ[types.Bool]
		}
		if fb == nil {
			return value{t: to, id: v.id}
		}
		return value{t: to, id: fs.convKinds(v.id, from, fb.Kind, tt.Kind)}
	case *types.Vector:
		if types.VecLen(from) == 1 {
			s := fs.convert(v, tt.Elem)
			return value{t: to, id: fs.splat(s.id, to)}
		}
		return value{t: to, id: fs.convKinds(v.id, from, types.ElemKind(from), tt.Elem.Kind)}
	case *types.Enum:
		return fs.convert(v, tt.Underlying)
	case *types.Event:
		return value{t: to, id: fs.u32(0)} // only 0 converts to event_t
	}
	v.t = to
	return v
}

// convKinds converts x (scalar or vector of shape from) between element
// kinds.
func (fs *fnState) convKinds(x spirv.ID, shape types.Type, fk, tk types.Kind) spirv.ID {
	if fk == tk {
		return x
	}
	b := fs.b
	if tk == types.Bool {
		return fs.lanes(shape, fs.boolT(), []spirv.ID{x}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
			zero := fs.zeroLike(rt, fk)
			if fk.IsFloat() {
				return b.EmitIDs(spirv.OpFUnordNotEqual, rt, a[0], zero)
			}
			return b.EmitIDs(spirv.OpINotEqual, rt, a[0], zero)
		})
	}
	if fk == types.Double && tk == types.Half {
		return fs.doubleToHalf(x, shape) // one rounding (halfmath.go)
	}
	rtElem := fs.scalarType(tk)
	return fs.lanes(shape, rtElem, []spirv.ID{x}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
		x := a[0]
		switch {
		case fk == types.Bool:
			return b.EmitIDs(spirv.OpSelect, rt, x, fs.oneLike(rt, tk), fs.zeroLike(rt, tk))
		case fk.IsInteger() && tk.IsInteger():
			switch {
			case fk.Size() == tk.Size():
				return x
			case fk.Size() < tk.Size() && fk.IsSigned():
				return b.EmitIDs(spirv.OpSConvert, rt, x)
			default:
				return b.EmitIDs(spirv.OpUConvert, rt, x)
			}
		case fk.IsInteger() && tk.IsFloat():
			if fk.IsSigned() {
				return b.EmitIDs(spirv.OpConvertSToF, rt, x)
			}
			return b.EmitIDs(spirv.OpConvertUToF, rt, x)
		case fk.IsFloat() && tk.IsInteger():
			if tk.IsSigned() {
				return b.EmitIDs(spirv.OpConvertFToS, rt, x)
			}
			return b.EmitIDs(spirv.OpConvertFToU, rt, x)
		default:
			return b.EmitIDs(spirv.OpFConvert, rt, x)
		}
	})
}

// zeroLike and oneLike return the constant 0 or 1 of the SPIR-V type rt
// (a scalar or vector whose elements are of kind k).
func (fs *fnState) zeroLike(rt spirv.ID, k types.Kind) spirv.ID { return fs.constLike(rt, k, 0) }
func (fs *fnState) oneLike(rt spirv.ID, k types.Kind) spirv.ID  { return fs.constLike(rt, k, 1) }

func (fs *fnState) constLike(rt spirv.ID, k types.Kind, x float64) spirv.ID {
	in := fs.b.Def(rt)
	n := 1
	if in.Op == spirv.OpTypeVector {
		n = int(in.Operands[1])
	}
	var t types.Type = types.Typ[k]
	if n > 1 {
		t = types.NewVector(k, n)
	}
	return fs.constOf(t, x)
}

// ptrNonNull tests a pointer against the null pointer.
func (fs *fnState) ptrNonNull(p *ptrVal) spirv.ID {
	if wideObjs(p.objs) {
		return fs.physNonNull(p)
	}
	if len(p.objs) == 1 {
		return fs.objNonNull(p.objs[0])
	}
	// One test per candidate, chosen by the selector.
	var res spirv.ID
	for i, o := range p.objs {
		c := fs.objNonNull(o)
		if res == 0 {
			res = c
			continue
		}
		is := fs.b.EmitIDs(spirv.OpIEqual, fs.boolT(), p.sel, fs.u32(uint32(i)))
		res = fs.b.EmitIDs(spirv.OpSelect, fs.boolT(), is, c, res)
	}
	return res
}

// to32 converts an integer index of type t to a 32-bit offset.
func (fs *fnState) to32(v value) spirv.ID {
	k := types.ElemKind(v.t)
	if k.Size() == 4 {
		return v.id
	}
	return fs.convKinds(v.id, v.t, k, types.UInt)
}
