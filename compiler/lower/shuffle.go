package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// shuffleBuiltin lowers shuffle(x, mask) and shuffle2(x, y, mask): result
// component i is component mask[i] of x (or of x then y), counting only
// the mask's low bits. A constant mask becomes one OpVectorShuffle.
func (fs *fnState) shuffleBuiltin(args []value, t types.Type) spirv.ID {
	srcs := args[:len(args)-1]
	mask := args[len(args)-1]
	n := types.VecLen(srcs[0].t)
	total := n * len(srcs)
	m := types.VecLen(t)
	if idx, ok := fs.constMask(mask, total); ok {
		if len(srcs) == 1 {
			return fs.shuffle(srcs[0].id, srcs[0].t, idx, t)
		}
		if n <= 4 && m <= 4 {
			ops := []uint32{uint32(srcs[0].id), uint32(srcs[1].id)}
			for _, i := range idx {
				ops = append(ops, uint32(i))
			}
			return fs.b.Emit(spirv.OpVectorShuffle, fs.valType(t), ops...)
		}
		parts := make([]spirv.ID, m)
		for i, c := range idx {
			parts[i] = fs.extract(srcs[c/n].id, srcs[c/n].t, c%n)
		}
		return fs.construct(t, parts)
	}
	u := fs.uint32T()
	mk := types.ElemKind(mask.t)
	parts := make([]spirv.ID, m)
	for i := range parts {
		c := fs.extract(mask.id, mask.t, i)
		c = fs.convKinds(c, types.Typ[mk], mk, types.UInt)
		c = fs.b.EmitIDs(spirv.OpBitwiseAnd, u, c, fs.u32(uint32(total-1)))
		in := fs.b.EmitIDs(spirv.OpBitwiseAnd, u, c, fs.u32(uint32(n-1)))
		e := fs.extractDyn(srcs[0].id, srcs[0].t, in)
		if len(srcs) == 2 {
			second := fs.b.EmitIDs(spirv.OpUGreaterThanEqual, fs.boolT(), c, fs.u32(uint32(n)))
			e2 := fs.extractDyn(srcs[1].id, srcs[1].t, in)
			e = fs.b.EmitIDs(spirv.OpSelect, fs.scalarType(types.ElemKind(t)), second, e2, e)
		}
		parts[i] = e
	}
	return fs.construct(t, parts)
}

// constMask returns the components of a constant mask (low bits only).
func (fs *fnState) constMask(mask value, total int) ([]int, bool) {
	var out []int
	var walk func(id spirv.ID) bool
	walk = func(id spirv.ID) bool {
		in := fs.b.Def(id)
		switch {
		case in == nil:
			return false
		case in.Op == spirv.OpConstant:
			out = append(out, int(in.Operands[0])&(total-1))
			return true
		case in.Op == spirv.OpConstantNull:
			for range types.VecLen(mask.t) {
				out = append(out, 0)
			}
			return true
		case in.Op == spirv.OpConstantComposite:
			for _, p := range in.Operands {
				if !walk(spirv.ID(p)) {
					return false
				}
			}
			return true
		}
		return false
	}
	if !walk(mask.id) || len(out) != types.VecLen(mask.t) {
		return nil, false
	}
	return out, true
}
