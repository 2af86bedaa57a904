package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler/diag"
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

// The seed's example, with and without POD clustering.
func TestDescriptorMapSeed(t *testing.T) {
	const src = "void kernel foo(global int* a, float f, global float* b, uint c) { a[0] = (int)f; b[0] = c; }\n"
	r := compileValid(t, "foo.cl", src)
	want := `kernel,foo,arg,a,argOrdinal,0,descriptorSet,0,binding,0,offset,0,argKind,buffer
kernel,foo,arg,b,argOrdinal,2,descriptorSet,0,binding,1,offset,0,argKind,buffer
kernel,foo,arg,f,argOrdinal,1,descriptorSet,0,binding,2,offset,0,argKind,pod
kernel,foo,arg,c,argOrdinal,3,descriptorSet,0,binding,2,offset,4,argKind,pod
`
	if got := r.Reflection.DescriptorMap(); got != want {
		t.Errorf("clustered map:\n%s\nwant:\n%s", got, want)
	}
	r = compileValid(t, "foo.cl", src, "-cluster-pod-kernel-args=0")
	want = `kernel,foo,arg,a,argOrdinal,0,descriptorSet,0,binding,0,offset,0,argKind,buffer
kernel,foo,arg,f,argOrdinal,1,descriptorSet,0,binding,1,offset,0,argKind,pod
kernel,foo,arg,b,argOrdinal,2,descriptorSet,0,binding,2,offset,0,argKind,buffer
kernel,foo,arg,c,argOrdinal,3,descriptorSet,0,binding,3,offset,0,argKind,pod
`
	if got := r.Reflection.DescriptorMap(); got != want {
		t.Errorf("unclustered map:\n%s\nwant:\n%s", got, want)
	}
}

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions("-DFOO=1 -I dir -cl-std=CL2.0 -cl-fast-relaxed-math --target-env=vulkan1.3 -pod-ubo")
	if err != nil {
		t.Fatal(err)
	}
	if o.Std != 200 || !o.FastRelaxedMath || o.TargetEnv != Vulkan13 || !o.PODUBO || o.Defines[0] != "FOO=1" || o.IncludeDirs[0] != "dir" || !o.ClusterPODArgs {
		t.Errorf("parsed %+v", o)
	}
	if _, err := ParseOptions("-bogus"); err == nil {
		t.Error("unknown option accepted")
	}
}

// A panic in any stage becomes an internal compiler error, never a crash
// of the process that compiles.
func TestInternalErrorRecovered(t *testing.T) {
	res, err := func() (res *Result, err error) {
		res = &Result{Diagnostics: &diag.List{}}
		defer internalError("x.cl", res, &err)
		panic("boom")
	}()
	if err == nil || res.SPIRV != nil {
		t.Fatalf("err = %v", err)
	}
	if got, want := err.Error(), "x.cl:1:1: error: internal compiler error: boom"; !strings.Contains(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
