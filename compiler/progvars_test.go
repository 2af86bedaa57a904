package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestProgramScopeVariablesLayouts compiles program-scope __global
// variables in each of their layouts (typed, scalar, a word array for a
// byte view, 8- and 16-bit tables on a device without 8/16-bit storage,
// a 64-bit atomic on a word array) for Vulkan 1.1 and 1.3 and validates
// every module; the reflection carries the initial bytes.
func TestProgramScopeVariablesLayouts(t *testing.T) {
	const src = `
global int counter = 5;
global uchar bytes[6] = {1, 2, 3, 4, 5, 6};
global short shorts[3] = {-1, 2, -3};
global uint words[2] = {0x01020304, 0x05060708};
global long wide[2] = {1, 2};
kernel void k(global int *out) {
	int i = get_global_id(0);
	atomic_inc(&counter);
	global uchar *b = (global uchar *)words;
	out[i] = bytes[i % 6] + shorts[i % 3] + b[i & 7];
	atom_add((global long *)&wide[i & 1], 1);
	global char *c = (global char *)wide;
	out[i] += c[0];
}`
	for _, small := range []bool{true, false} {
		for _, env := range []TargetEnv{Vulkan11, Vulkan13} {
			opts := DefaultOptions()
			opts.Std = 300
			opts.TargetEnv = env
			opts.Features.Storage8, opts.Features.Storage16 = small, small
			res, err := Compile(src, opts)
			if err != nil {
				t.Fatalf("storage8/16 %v, %s: %v", small, env, res.Diagnostics.Render(func(string) (string, bool) { return src, true }))
			}
			spirvtest.ValidateModule(t, res.Module, string(env))
			ps := res.Reflection.ProgramScopeVariables
			if ps == nil || len(ps.Data) != 80 || ps.Data[0] != 5 || ps.Data[16] != 1 || ps.Data[32] != 0xff || ps.Data[48] != 4 || ps.Data[72] != 2 {
				t.Fatalf("storage8/16 %v, %s: program-scope variables %+v", small, env, ps)
			}
		}
	}
}

// TestProgramScopeVariablesLinked: a program-scope variable defined in one
// unit and declared extern in another is one variable of the linked
// program: one slot in the buffer, used by both units' kernels.
func TestProgramScopeVariablesLinked(t *testing.T) {
	opts := DefaultOptions()
	opts.Std = 300
	def := Unit{Source: "global int counter = 7;\nkernel void a(global int *o) { o[0] = counter++; }\n"}
	use := Unit{Source: "extern global int counter;\nkernel void b(global int *o) { o[0] = counter; }\n"}
	for _, units := range [][]Unit{{def, use}, {use, def}} {
		res, err := Link(units, opts)
		if err != nil {
			t.Fatalf("%v", err)
		}
		spirvtest.ValidateModule(t, res.Module, string(opts.TargetEnv))
		ps := res.Reflection.ProgramScopeVariables
		if ps == nil || len(ps.Data) != 16 || ps.Data[0] != 7 {
			t.Fatalf("program-scope variables %+v, want one int of 7 in 16 bytes", ps)
		}
	}
}

// TestTooManyObjectsForStoredPointer: a pointer in word memory holds an
// object number of 8 bits; a kernel with more objects is refused with a
// message rather than compiled wrong.
func TestTooManyObjectsForStoredPointer(t *testing.T) {
	var b strings.Builder
	b.WriteString("typedef union { global int *p; uint bits; } U;\nkernel void k(global int *out")
	for i := range 260 {
		fmt.Fprintf(&b, ", global int *a%d", i)
	}
	b.WriteString(") {\n U u;\n u.p = out;\n int s = 0;\n")
	for i := range 260 {
		fmt.Fprintf(&b, " s += a%d[0];\n", i)
	}
	b.WriteString(" *u.p = s;\n}\n")
	src := b.String()
	res, err := Compile(src, DefaultOptions())
	if err == nil {
		t.Fatal("compiled")
	}
	if got := res.Diagnostics.Error(); !strings.Contains(got, "can refer to at most 255 memory objects; kernel 'k' has 261") {
		t.Errorf("diagnostics: %s", got)
	}
}
