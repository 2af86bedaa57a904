package corpus

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/internal/kspec"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestKernelsLavapipeFeatures compiles every kernel of testdata/kernels
// as the runtime does for lavapipe: with __local indices bounded
// (BoundWorkgroupAccess), the loop-limit check (LoopIterationLimit) and
// the out-of-bounds check (ReportOutOfBounds) and image sampling in code
// (SampleNearestInCode, SampleLinearInCode), for Vulkan 1.1 and 1.3, and validates each module with spirv-val.
func TestKernelsLavapipeFeatures(t *testing.T) {
	files, err := Kernels()
	if err != nil {
		t.Fatal(err)
	}
	known := knownFailures(t)
	root := filepath.Join(TestdataDir(), "kernels")
	for _, path := range files {
		t.Run(Name(root, path), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			spec, err := kspec.Parse(path, string(src))
			if err != nil {
				t.Fatal(err)
			}
			for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
				opts, err := compiler.ParseOptions(spec.ClgoBuildOptions())
				if err != nil {
					t.Fatal(err)
				}
				opts.TargetEnv = env
				opts.Features.BoundWorkgroupAccess = true
				opts.Features.LoopIterationLimit = 65535
				opts.Features.ReportOutOfBounds = true
				opts.Features.SampleNearestInCode = true
				opts.Features.SampleLinearInCode = true
				res, err := compiler.CompileFile(filepath.Base(path), string(src), opts)
				if err == nil {
					err = spirvtest.Check(t, res.Module.Words(), string(env))
				}
				if err != nil {
					if reason, ok := known[path]; ok {
						t.Skipf("known failure (%s): %v", reason, err)
					}
					t.Fatalf("%s: %v", env, err)
				}
			}
		})
	}
}
