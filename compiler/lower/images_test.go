package lower_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
	"github.com/clgo/clgo/spirv/validate"
)

// imageKernels are the image kernels of testdata/images. Their `//!` lines
// name the kernel and the build options only: the run-spec format cannot
// describe image arguments yet, so they are compiled and validated here
// rather than run by internal/corpus.
func imageKernels(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "images", "*.cl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no image kernels: %v", err)
	}
	return files
}

// specOptions returns the `//! options` of a kernel file.
func specOptions(src string) string {
	for _, line := range strings.Split(src, "\n") {
		if rest, ok := strings.CutPrefix(line, "//! options"); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

// compileChecked compiles src with options for env and checks the module
// with spirv-val and clgo's own validator, and that its reflection reads
// back as the compiler wrote it.
func compileChecked(t *testing.T, name, src, options string, env compiler.TargetEnv) *compiler.Result {
	t.Helper()
	opts, err := compiler.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	opts.TargetEnv = env
	res, err := compiler.CompileFile(name, src, opts)
	if err != nil {
		t.Fatalf("%s: %v", env, err)
	}
	spirvtest.ValidateModule(t, res.Module, string(env))
	m, err := validate.Binary(res.SPIRV)
	if err != nil {
		t.Fatalf("%s: clgo's validator: %v", env, err)
	}
	back, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatalf("%s: reading the reflection back: %v", env, err)
	}
	if !reflect.DeepEqual(back, res.Reflection) {
		t.Fatalf("%s: reflection does not round-trip:\nwrote %+v\nread  %+v", env, res.Reflection, back)
	}
	return res
}

func TestImageKernelsValidate(t *testing.T) {
	for _, path := range imageKernels(t) {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".cl"), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
				compileChecked(t, filepath.Base(path), string(src), specOptions(string(src)), env)
			}
		})
	}
}

// TestImageSupportMacro: __IMAGE_SUPPORT__ follows Features.Images.
func TestImageSupportMacro(t *testing.T) {
	src := "kernel void k(global int *a) {\n#ifdef __IMAGE_SUPPORT__\n a[0] = __IMAGE_SUPPORT__;\n#else\n#error no images\n#endif\n}\n"
	opts := compiler.DefaultOptions()
	if _, err := compiler.Compile(src, opts); err != nil {
		t.Fatalf("with images: %v", err)
	}
	opts.Features.Images = false
	_, err := compiler.Compile(src, opts)
	if err == nil || !strings.Contains(err.Error(), "error: no images") {
		t.Fatalf("without images: %v, want the #error", err)
	}
}
