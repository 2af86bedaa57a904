package lower

import (
	"math"

	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// vop emits operations on one piece of a (possibly wide) vector: a scalar
// or a vector of up to 4 components of element kind k. The builtins are
// written with it once for every shape; lanes splits wider vectors.
type vop struct {
	fs *fnState
	k  types.Kind
	n  int      // components (1: scalar)
	t  spirv.ID // the SPIR-V type
}

// vopOf is the piece of kind k with as many components as SPIR-V type rt.
func (fs *fnState) vopOf(k types.Kind, rt spirv.ID) vop {
	n := 1
	if in := fs.b.Def(rt); in != nil && in.Op == spirv.OpTypeVector {
		n = int(in.Operands[1])
	}
	return fs.vopN(k, n)
}

func (fs *fnState) vopN(k types.Kind, n int) vop {
	return vop{fs: fs, k: k, n: n, t: fs.vecType(fs.scalarType(k), n)}
}

// as is the piece of the same shape with element kind k.
func (v vop) as(k types.Kind) vop { return v.fs.vopN(k, v.n) }

// bools is the piece of bools of the same shape.
func (v vop) bools() spirv.ID { return v.fs.vecType(v.fs.boolT(), v.n) }

// shape is the C type of the piece.
func (v vop) shape() types.Type {
	if v.n == 1 {
		return types.Typ[v.k]
	}
	return types.NewVector(v.k, v.n)
}

// f is the constant x in every component (a float, or an integer for
// integer kinds).
func (v vop) f(x float64) spirv.ID { return v.fs.constOf(v.shape(), x) }

// i is the integer bit pattern x in every component.
func (v vop) i(x int64) spirv.ID { return v.fs.constInt(v.shape(), x) }

// op emits an instruction whose result has the piece's type.
func (v vop) op(op spirv.Op, args ...spirv.ID) spirv.ID { return v.fs.b.EmitIDs(op, v.t, args...) }

// cmp emits a comparison (a bool result of the piece's shape).
func (v vop) cmp(op spirv.Op, args ...spirv.ID) spirv.ID {
	return v.fs.b.EmitIDs(op, v.bools(), args...)
}

// ext emits a GLSL.std.450 instruction with the piece's result type.
func (v vop) ext(inst spirv.GLSLstd450, args ...spirv.ID) spirv.ID {
	return v.fs.b.ExtInst(v.t, v.fs.glsl, uint32(inst), args...)
}

func (v vop) sel(c, a, b spirv.ID) spirv.ID { return v.op(spirv.OpSelect, c, a, b) }

func (v vop) and(a, b spirv.ID) spirv.ID { return v.fs.b.EmitIDs(spirv.OpLogicalAnd, v.bools(), a, b) }
func (v vop) or(a, b spirv.ID) spirv.ID  { return v.fs.b.EmitIDs(spirv.OpLogicalOr, v.bools(), a, b) }
func (v vop) not(a spirv.ID) spirv.ID    { return v.fs.b.EmitIDs(spirv.OpLogicalNot, v.bools(), a) }

// bitcast reinterprets x (of the piece's type) as piece w.
func (v vop) bitcast(x spirv.ID, w vop) spirv.ID {
	if v.t == w.t {
		return x
	}
	return w.op(spirv.OpBitcast, x)
}

// conv converts x (of this piece) to piece w, as C converts.
func (v vop) conv(x spirv.ID, w vop) spirv.ID {
	return v.fs.convKinds(x, v.shape(), v.k, w.k)
}

// bits is the unsigned integer kind of the size of kind k.
func bitsKind(k types.Kind) types.Kind {
	switch k.Size() {
	case 1:
		return types.UChar
	case 2:
		return types.UShort
	case 8:
		return types.ULong
	}
	return types.UInt
}

// signedKind is the signed integer kind of the size of kind k.
func signedKind(k types.Kind) types.Kind {
	switch k.Size() {
	case 1:
		return types.Char
	case 2:
		return types.Short
	case 8:
		return types.Long
	}
	return types.Int
}

// floatFormat describes the bits of a float kind.
type floatFormat struct {
	bits, mant, bias int
}

func formatOf(k types.Kind) floatFormat {
	switch k {
	case types.Half:
		return floatFormat{16, 10, 15}
	case types.Double:
		return floatFormat{64, 52, 1023}
	}
	return floatFormat{32, 23, 127}
}

// maxFinite is the largest finite value of float kind k.
func maxFinite(k types.Kind) float64 {
	switch k {
	case types.Half:
		return 65504
	case types.Double:
		return math.MaxFloat64
	}
	return math.MaxFloat32
}

// each applies f to the pieces of the operands args (of shape argT),
// giving a result of element kind rk: f gets the operand piece.
func (fs *fnState) each(argT types.Type, rk types.Kind, args []spirv.ID, f func(v vop, a []spirv.ID) spirv.ID) spirv.ID {
	k := types.ElemKind(argT)
	return fs.lanes(argT, fs.scalarType(rk), args, func(rt spirv.ID, a []spirv.ID) spirv.ID {
		return f(fs.vopOf(k, rt), a)
	})
}
