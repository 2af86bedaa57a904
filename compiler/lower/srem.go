package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Vulkan leaves OpSRem and OpSMod undefined when an operand is negative
// (the Vulkan specification's "Precision and Operation of SPIR-V
// Instructions"), and NVIDIA's driver does return other values there.
// OpenCL C's % is C99's: the remainder has the dividend's sign. So signed
// remainders are taken of the magnitudes with OpUMod and given x's sign;
// the magnitude of the most negative value is right as an unsigned number.

// srem is x % y for signed integers of SPIR-V type rt (a scalar or a
// vector of up to 4 components) whose elements are of kind k.
func (fs *fnState) srem(rt spirv.ID, k types.Kind, x, y spirv.ID) spirv.ID {
	b := fs.b
	n := 1
	if in := b.Def(rt); in != nil && in.Op == spirv.OpTypeVector {
		n = int(in.Operands[1])
	}
	bt := fs.vecType(fs.boolT(), n)
	zero := fs.zeroLike(rt, k)
	abs := func(v spirv.ID) (spirv.ID, spirv.ID) {
		neg := b.EmitIDs(spirv.OpSLessThan, bt, v, zero)
		return b.EmitIDs(spirv.OpSelect, rt, neg, b.EmitIDs(spirv.OpSNegate, rt, v), v), neg
	}
	ax, xneg := abs(x)
	ay, _ := abs(y)
	r := b.EmitIDs(spirv.OpUMod, rt, ax, ay)
	return b.EmitIDs(spirv.OpSelect, rt, xneg, b.EmitIDs(spirv.OpSNegate, rt, r), r)
}
