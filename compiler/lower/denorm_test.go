package lower_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestDenormPreserve: each width asked for is declared on every kernel,
// and -cl-denorms-are-zero declares none; RoundingModeRTE 16 where asked
// for, with or without it.
func TestDenormPreserve(t *testing.T) {
	src := "kernel void a(global float *p) { p[0] = p[1] * 0.5f; }\nkernel void b(global double *p) { p[0] = p[1] * 0.5; }"
	for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
		for _, daz := range []bool{false, true} {
			opts := compiler.DefaultOptions()
			opts.TargetEnv = env
			opts.Features.DenormPreserve32, opts.Features.DenormPreserve64 = true, true
			// 16 with 64: devices whose 16- and 64-bit modes must agree.
			opts.Features.DenormPreserve16 = true
			opts.Features.RoundingRTE16 = true
			opts.DenormsAreZero = daz
			res, err := compiler.Compile(src, opts)
			if err != nil {
				t.Fatalf("%s: %v", env, err)
			}
			spirvtest.ValidateModule(t, res.Module, string(env))
			widths, rte := map[uint32]int{}, map[uint32]int{}
			for _, in := range res.Module.ExecutionModes {
				switch spirv.ExecutionMode(in.Operands[1]) {
				case spirv.ExecutionModeDenormPreserve:
					widths[in.Operands[2]]++
				case spirv.ExecutionModeRoundingModeRTE:
					rte[in.Operands[2]]++
				}
			}
			if rte[16] != 2 || len(rte) != 1 {
				t.Errorf("%s: RoundingModeRTE %v, want 16 on both kernels", env, rte)
			}
			want := 2
			if daz {
				want = 0
			}
			if widths[16] != want || widths[32] != want || widths[64] != want {
				t.Errorf("%s, -cl-denorms-are-zero %v: modes %v", env, daz, widths)
			}
		}
	}
}
