package lower_test

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestSignedZeroInfNanPreserve: with the feature every kernel declares the
// execution mode (and its capability, and the extension before SPIR-V
// 1.4); without it, nothing.
func TestSignedZeroInfNanPreserve(t *testing.T) {
	src := "kernel void a(global float *p) { p[0] = p[1] != p[1]; }\nkernel void b(global float *p) { p[0] = isnan(p[1]); }"
	for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
		for _, on := range []bool{false, true} {
			opts := compiler.DefaultOptions()
			opts.TargetEnv = env
			opts.Features.SignedZeroInfNanPreserve = on
			res, err := compiler.Compile(src, opts)
			if err != nil {
				t.Fatalf("%s: %v", env, err)
			}
			spirvtest.ValidateModule(t, res.Module, string(env))
			modes := 0
			for _, in := range res.Module.ExecutionModes {
				if spirv.ExecutionMode(in.Operands[1]) == spirv.ExecutionModeSignedZeroInfNanPreserve && in.Operands[2] == 32 {
					modes++
				}
			}
			caps := 0
			for _, in := range res.Module.Capabilities {
				if spirv.Capability(in.Operands[0]) == spirv.CapabilitySignedZeroInfNanPreserve {
					caps++
				}
			}
			ext := false
			for _, in := range res.Module.Extensions {
				s, _, _ := spirv.DecodeString(in.Operands)
				ext = ext || strings.Contains(s, "SPV_KHR_float_controls")
			}
			wantModes, wantCaps := 0, 0
			if on {
				wantModes, wantCaps = 2, 1
			}
			wantExt := on && env == compiler.Vulkan11
			if modes != wantModes || caps != wantCaps || ext != wantExt {
				t.Errorf("%s, feature %v: %d modes, %d capabilities, extension %v", env, on, modes, caps, ext)
			}
		}
	}
}
