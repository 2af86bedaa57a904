package lower_test

import (
	"fmt"
	"testing"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/internal/ulp"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// floatOnly are the builtins whose library float forms compute in float.
var floatOnly = []string{"exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p", "sinh", "cosh", "tanh",
	"pow", "powr", "pown", "rootn", "sin", "cos", "tan", "sincos", "sinpi", "cospi", "tanpi"}

// call is the kernel's call of builtin f on p[i] (and a second argument
// where f takes two).
func call(f string, i int) string {
	switch f {
	case "pow", "powr":
		return fmt.Sprintf("%s(p[%d], p[%d])", f, i, i+1)
	case "pown", "rootn":
		return fmt.Sprintf("%s(p[%d], (int4)(3, -2, 7, 1 << 25))", f, i)
	case "sincos":
		return fmt.Sprintf("%s(p[%d], &p[%d])", f, i, i+1)
	}
	return fmt.Sprintf("%s(p[%d])", f, i)
}

// noFp64 compiles src as for d but without cl_khr_fp64.
func noFp64(d *cl.Device) func(src string) ([]byte, error) {
	return func(src string) ([]byte, error) {
		c := d.Driver().Info().Caps
		opts := compiler.DefaultOptions()
		opts.Features = compiler.Features{
			Int8: c.Int8, Int16: c.Int16, Int64: c.Int64, Float16: c.Float16,
			Storage8: c.Int8, Storage16: c.Int16,
			SignedZeroInfNanPreserve: c.SignedZeroInfNanPreserve,
			DenormPreserve32:         c.DenormPreserve32,
			FmaFused:                 c.FmaFused,
		}
		res, err := compiler.Compile(src, opts)
		if err != nil {
			return nil, err
		}
		return res.SPIRV, nil
	}
}

// TestMathLibNoFp64: without cl_khr_fp64, exp, exp2, exp10, expm1, log,
// log2, log10, log1p, sinh, cosh, tanh, pow, powr, pown, rootn, sin, cos,
// tan, sincos, sinpi, cospi and tanpi of float still come from the
// library (their float forms use no double): the module declares no
// Float64 and calls none of GLSL's Exp, Exp2, Log, Log2, Sinh, Cosh,
// Tanh, Pow, Sin, Cos, Tan, and the results keep §7.4's bounds and §7.5's
// edge cases on the host driver and lavapipe.
func TestMathLibNoFp64(t *testing.T) {
	opts := compiler.DefaultOptions()
	opts.Features.Float64 = false
	src := "kernel void k(global float4 *p) {\n"
	for i, f := range floatOnly {
		src += fmt.Sprintf("  p[%d] = %s;\n", i, call(f, i))
	}
	src += "}\n"
	res, err := compiler.Compile(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
	for _, in := range res.Module.Capabilities {
		if spirv.Capability(in.Operands[0]) == spirv.CapabilityFloat64 {
			t.Errorf("the module declares Float64")
		}
	}
	res.Module.Walk(func(in *spirv.Instruction) {
		if in.Op == spirv.OpExtInst && len(in.Operands) > 1 {
			switch g := spirv.GLSLstd450(in.Operands[1]); g {
			case spirv.GLSLstd450Exp, spirv.GLSLstd450Exp2, spirv.GLSLstd450Log, spirv.GLSLstd450Log2,
				spirv.GLSLstd450Sinh, spirv.GLSLstd450Cosh, spirv.GLSLstd450Tanh, spirv.GLSLstd450Pow,
				spirv.GLSLstd450Sin, spirv.GLSLstd450Cos, spirv.GLSLstd450Tan:
				t.Errorf("GLSL.std.450 %d in the module: the library was not used", g)
			}
		}
	})

	devs, err := cl.Devices()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range devs {
		if drv := d.DriverName(); drv != "host" && drv != "vulkan" {
			continue
		}
		s, err := ulp.NewSession(d)
		if err != nil {
			t.Fatal(err)
		}
		s.Compile = noFp64(d)
		for _, name := range floatOnly {
			f := ulp.Lookup(name)
			r := s.Check(f, ulp.F32, ulp.MakeInputs(f, ulp.F32, ulp.SampleInputs, 1), ulp.Widths)
			if !r.OK() {
				t.Errorf("%s %s: err %v, worst %.3g ulp, %d over, %d edge failures: %v %v",
					d.DriverName(), name, r.Err, r.MaxULP, r.NFail, r.NEdgeFail, r.Fails, r.EdgeFails)
			}
		}
		s.Close()
	}
}
