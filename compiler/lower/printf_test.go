package lower_test

import (
	"reflect"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

// printf call sites are reflected with their argument sizes (whole words:
// char and short promoted, vectors packed), %s strings by id, and the
// buffer after every kernel's bindings in set 0.
func TestPrintfReflection(t *testing.T) {
	src := `constant char again[] = "again %s %s\n";
	kernel void k(global int *a, int n) {
		int g = get_global_id(0);
		a[g] = printf("%d %s %f %v4hhd %v2hld %lu %c %v3hd %%\n", g, "world", 1.5f, (char4)(1, -2, 3, 4),
			(long2)(5, 6), (ulong)g, (char)'A', (short3)(1, 2, 3));
		printf(((again)), "world", n > 2 ? ("x") : "world");
	}
	kernel void j(global float *a, global float *b, global float *c) { printf("none\n"); }
	kernel void q(global float *a) { a[0] = 1; }`
	compileValid(t, src)
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	r := res.Reflection
	want := []spirv.PrintfInfo{
		{ID: 0, Format: "world"},
		{ID: 1, Format: "%d %s %f %v4hhd %v2hld %lu %c %v3hd %%\n", ArgSizes: []uint32{4, 4, 4, 4, 16, 8, 4, 8}},
		{ID: 2, Format: "x"},
		{ID: 3, Format: "again %s %s\n", ArgSizes: []uint32{4, 4}},
		{ID: 4, Format: "none\n"},
	}
	if !reflect.DeepEqual(r.Printfs, want) {
		t.Errorf("Printfs:\n got %+v\nwant %+v", r.Printfs, want)
	}
	if pb := r.PrintfBuffer; pb == nil || pb.DescriptorSet != 0 || pb.Binding != 3 || pb.BufferSize != 1<<20 {
		t.Errorf("PrintfBuffer = %+v", pb)
	}
	for _, k := range r.Kernels {
		if got := k.Flags&spirv.KernelMayUsePrintf != 0; got != (k.Name != "q") {
			t.Errorf("kernel %s: may use printf %v", k.Name, got)
		}
	}
	// The reflection survives the module's encoding.
	back, err := spirv.ReadReflection(res.Module)
	if err != nil || !reflect.DeepEqual(back.Printfs, r.Printfs) || *back.PrintfBuffer != *r.PrintfBuffer {
		t.Errorf("decoded reflection: %+v, %v", back, err)
	}
}

func TestPrintfErrors(t *testing.T) {
	compileError(t, `kernel void k(constant char *f) { printf(f); }`, "format must be a string literal")
	compileError(t, `kernel void k(constant char *s) { printf("%s", s); }`, "%s of 's': the contents of 's' are known only at run time")
	compileError(t, `kernel void k(global char *g) { printf("%s", g + 1); }`, "%s of 'g + 1': the contents of 'g' are known only at run time")
	compileError(t, `kernel void k(int n) { printf("%s", n); }`, "the argument of %s must be a string")
	compileError(t, `kernel void k(constant char *s, int n) { printf("%s", n ? "x" : s); }`, "the contents of 's' are known only at run time")
	// An invalid format is a warning: the call returns -1.
	compileValid(t, `kernel void k(global int *a) { a[0] = printf("%y %d", 1); a[1] = printf("%d %d", 1); }`)
}

// %s of a pointer into known strings is a string id and a byte offset;
// every string the pointer may select is in the table.
func TestPrintfStringPointer(t *testing.T) {
	src := `constant char msg[] = "msg";
	kernel void k(int n) {
		constant char *p = n ? msg : "lit";
		printf("%s %p\n", p + 1, p);
	}`
	compileValid(t, src)
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	want := []spirv.PrintfInfo{
		{ID: 0, Format: "msg"},
		{ID: 1, Format: "lit"},
		{ID: 2, Format: "%s %p\n", ArgSizes: []uint32{8, 4}},
	}
	if got := res.Reflection.Printfs; !reflect.DeepEqual(got, want) {
		t.Errorf("Printfs:\n got %+v\nwant %+v", got, want)
	}
}

func TestPrintfBufferSize(t *testing.T) {
	opts, err := compiler.ParseOptions("-printf-buffer-size=64 -enable-printf")
	if err != nil {
		t.Fatal(err)
	}
	res, err := compiler.Compile(`kernel void k() { printf("x"); }`, opts)
	if err != nil {
		t.Fatal(err)
	}
	if pb := res.Reflection.PrintfBuffer; pb == nil || pb.BufferSize != 64 || pb.Binding != 0 {
		t.Errorf("PrintfBuffer = %+v", pb)
	}
	if _, err := compiler.ParseOptions("-printf-buffer-size=10"); err == nil {
		t.Error("a size of 10 bytes is accepted")
	}
}
