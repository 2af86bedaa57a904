package lower_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestFmaFused: fma of float and double lowers to GLSL.std.450 Fma where
// the device fuses it, and to the library's software fma (no Fma, no
// contraction to one) where it does not.
func TestFmaFused(t *testing.T) {
	src := `#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void k(global float *f, global double *d) {
	f[0] = fma(f[1], f[2], f[3]);
	d[0] = fma(d[1], d[2], d[3]);
}`
	for _, fused := range []bool{false, true} {
		opts := compiler.DefaultOptions()
		opts.Features.FmaFused = fused
		res, err := compiler.Compile(src, opts)
		if err != nil {
			t.Fatalf("fused %v: %v", fused, err)
		}
		spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
		fmas := 0
		res.Module.Walk(func(in *spirv.Instruction) {
			if in.Op == spirv.OpExtInst && len(in.Operands) > 1 && spirv.GLSLstd450(in.Operands[1]) == spirv.GLSLstd450Fma {
				fmas++
			}
		})
		want := 0
		if fused {
			want = 2
		}
		if fmas != want {
			t.Errorf("fused %v: %d GLSL Fma instructions, want %d", fused, fmas, want)
		}
	}
}
