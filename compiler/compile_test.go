package compiler

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/spirv/spirvtest"
)

// compileValid compiles src and validates the module for both Vulkan 1.1
// and 1.3 targets.
func compileValid(t *testing.T, name, src string, extra ...string) *Result {
	t.Helper()
	var res *Result
	for _, env := range []TargetEnv{Vulkan11, Vulkan13} {
		opts := DefaultOptions()
		if len(extra) > 0 {
			if err := opts.Parse(extra); err != nil {
				t.Fatal(err)
			}
		}
		opts.TargetEnv = env
		r, err := CompileFile(name, src, opts)
		if err != nil {
			t.Fatalf("%s (%s): %v", name, env, r.Diagnostics.Render(func(string) (string, bool) { return src, true }))
		}
		spirvtest.ValidateModule(t, r.Module, string(env))
		res = r
	}
	return res
}

func TestSharedKernels(t *testing.T) {
	files, _ := filepath.Glob("../../shared/kernels/*.cl")
	if len(files) == 0 {
		t.Skip("no shared kernels")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			compileValid(t, f, string(src))
		})
	}
}
