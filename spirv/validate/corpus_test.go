package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/internal/corpus"
	"github.com/clgo/clgo/internal/kspec"
	"github.com/clgo/clgo/spirv"
)

// Every module clgo's compiler emits for the kernel corpora must validate,
// for both target environments.
func TestCompilerOutput(t *testing.T) {
	files, err := corpus.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	shared, _ := corpus.Files(corpus.SharedKernelsDir())
	files = append(files, shared...)
	if testing.Short() && len(files) > 40 {
		files = files[:40]
	}
	n := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		spec, err := kspec.Parse(path, string(src))
		if err != nil {
			continue
		}
		opts, err := compiler.ParseOptions(spec.ClgoBuildOptions())
		if err != nil {
			continue
		}
		for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
			opts.TargetEnv = env
			res, err := compiler.CompileFile(filepath.Base(path), string(src), opts)
			if err != nil {
				continue // the corpus tests report compile failures
			}
			n++
			m, err := Binary(res.Module.Encode())
			if err != nil {
				t.Errorf("%s (%s): %v", path, env, err)
				continue
			}
			if _, err := spirv.ReadReflection(m); err != nil {
				t.Errorf("%s (%s): %v", path, env, err)
			}
		}
	}
	t.Logf("%d modules validated", n)
}
