package lanes

import (
	"github.com/clgo/clgo/driver/host/internal/fmath"
	"github.com/clgo/clgo/spirv"
)

// mathOpF32 is mathOp for F32 operands (widened exactly): Sin, Cos, Exp,
// Exp2, Log and Log2 are package fmath's, as in jit's vector code (every tier gives the same bits).
func mathOpF32(num spirv.GLSLstd450, a, b, c float64) float64 {
	switch num {
	case spirv.GLSLstd450Sin:
		return fmath.Sin(a)
	case spirv.GLSLstd450Cos:
		return fmath.Cos(a)
	case spirv.GLSLstd450Exp:
		return fmath.Exp(a)
	case spirv.GLSLstd450Exp2:
		return fmath.Exp2(a)
	case spirv.GLSLstd450Log:
		return fmath.Log(a)
	case spirv.GLSLstd450Log2:
		return fmath.Log2(a)
	}
	return mathOp(num, a, b, c)
}
