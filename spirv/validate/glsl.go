package validate

import (
	"strings"

	"github.com/clgo/clgo/spirv"
)

// GLSL.std.450 instructions whose operands all have the result type, by
// the kind of number they take. lavapipe crashed compiling an Fma whose
// operand had another type.
var (
	glslSameFloat = setOf("Round", "RoundEven", "Trunc", "FAbs", "FSign", "Floor", "Ceil", "Fract",
		"Radians", "Degrees", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Tanh",
		"Asinh", "Acosh", "Atanh", "Atan2", "Pow", "Exp", "Log", "Exp2", "Log2", "Sqrt", "InverseSqrt",
		"FMin", "FMax", "FClamp", "FMix", "Step", "SmoothStep", "Fma", "NMin", "NMax", "NClamp",
		"Normalize", "FaceForward", "Reflect", "Cross")
	glslSameInt = setOf("SAbs", "SSign", "UMin", "SMin", "UMax", "SMax", "UClamp", "SClamp")
)

func setOf(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// glsl checks the operand types of a GLSL.std.450 instruction.
func (v *validator) glsl(in *spirv.Instruction) error {
	e, ok := spirv.ExtInst("GLSL.std.450", in.Operands[1])
	if !ok {
		return nil // the decoder rejects unknown instructions
	}
	args := in.Operands[2:]
	r := v.shape(in.ResultType)
	argShape := func(i int) shape { return v.shape(v.typeOf(spirv.ID(args[i]))) }
	sameAll := func(kind spirv.Op) error {
		if r.op != kind {
			return v.errf("GLSL.std.450 %s: result type %%%d is not a %s scalar or vector", e.Name, in.ResultType, kindName(kind))
		}
		for i, a := range args {
			if t := v.typeOf(spirv.ID(a)); t != in.ResultType {
				return v.errf("GLSL.std.450 %s: operand %d (%%%d) has type %%%d, not the result type %%%d", e.Name, i, a, t, in.ResultType)
			}
		}
		return nil
	}
	switch {
	case glslSameFloat[e.Name]:
		return sameAll(spirv.OpTypeFloat)
	case glslSameInt[e.Name]:
		return sameAll(spirv.OpTypeInt)
	case e.Name == "Refract":
		if r.op != spirv.OpTypeFloat || len(args) != 3 || v.typeOf(spirv.ID(args[0])) != in.ResultType || v.typeOf(spirv.ID(args[1])) != in.ResultType || argShape(2).op != spirv.OpTypeFloat || argShape(2).n != 1 {
			return v.errf("GLSL.std.450 Refract: operands must be I and N of the result type and a float eta")
		}
	case e.Name == "Length" || e.Name == "Distance":
		if r.op != spirv.OpTypeFloat || r.n != 1 {
			return v.errf("GLSL.std.450 %s: result type %%%d is not a float scalar", e.Name, in.ResultType)
		}
		for i := range args {
			if a := argShape(i); a.op != spirv.OpTypeFloat || a.width != r.width || v.typeOf(spirv.ID(args[i])) != v.typeOf(spirv.ID(args[0])) {
				return v.errf("GLSL.std.450 %s: operand %d (%%%d) is not a float of the result's width", e.Name, i, args[i])
			}
		}
	case e.Name == "FindILsb" || e.Name == "FindSMsb" || e.Name == "FindUMsb":
		if a := argShape(0); r.op != spirv.OpTypeInt || a.op != spirv.OpTypeInt || a.n != r.n {
			return v.errf("GLSL.std.450 %s: result and operand must be integers of as many components", e.Name)
		}
	case e.Name == "Ldexp":
		if a, x := argShape(1), v.typeOf(spirv.ID(args[0])); r.op != spirv.OpTypeFloat || x != in.ResultType || a.op != spirv.OpTypeInt || a.n != r.n {
			return v.errf("GLSL.std.450 Ldexp: operands must be x of the result type and an integer exponent of as many components")
		}
	case e.Name == "Modf" || e.Name == "Frexp":
		if r.op != spirv.OpTypeFloat || v.typeOf(spirv.ID(args[0])) != in.ResultType {
			return v.errf("GLSL.std.450 %s: x must have the result type, a float", e.Name)
		}
		if _, _, ok := v.pointee(v.typeOf(spirv.ID(args[1]))); !ok {
			return v.errf("GLSL.std.450 %s: %%%d is not a pointer", e.Name, args[1])
		}
	case strings.HasPrefix(e.Name, "Interpolate"):
		return v.errf("GLSL.std.450 %s is for fragment shaders", e.Name)
	default:
		// Packing, matrices, IMix, the struct-returning forms: numbers in,
		// whatever the instruction makes out.
		for i := range args {
			if argShape(i).op == 0 && !v.isOp(v.typeOf(spirv.ID(args[i])), spirv.OpTypeMatrix) {
				return v.errf("GLSL.std.450 %s: operand %d (%%%d) is not a number, vector or matrix", e.Name, i, args[i])
			}
		}
	}
	return nil
}
