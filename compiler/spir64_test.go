package compiler

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// spir64Asserts are _Static_asserts that hold under -arch=spir64 (clang's
// spir64 target: 64-bit size_t and pointers) and, but for the last one's
// group, fail under -arch=spir.
const spir64Asserts = `
typedef struct { char c; global int *p; short s; local float *q; } holder;
typedef union { global int *p; uint u; } punned;
_Static_assert(sizeof(size_t) == 8, "size_t");
_Static_assert(sizeof(ptrdiff_t) == 8, "ptrdiff_t");
_Static_assert(sizeof(intptr_t) == 8, "intptr_t");
_Static_assert(sizeof(uintptr_t) == 8, "uintptr_t");
_Static_assert(sizeof(void *) == 8, "void *");
_Static_assert(sizeof(global float *) == 8, "global float *");
_Static_assert(sizeof(local int *) == 8, "local int *");
_Static_assert(__alignof__(void *) == 8, "alignof void *");
_Static_assert(sizeof(holder) == 32, "sizeof holder");
_Static_assert(__alignof__(holder) == 8, "alignof holder");
_Static_assert(sizeof(punned) == 8, "sizeof punned");
_Static_assert(sizeof(get_global_id(0)) == 8, "get_global_id");
_Static_assert(sizeof(get_local_size(0) - 1) == 8, "get_local_size");
_Static_assert((size_t)-1 == 0xffffffffffffffffUL, "(size_t)-1");
_Static_assert((ptrdiff_t)-1 < 0, "ptrdiff_t signed");
kernel void k(global ulong *o) { o[get_global_id(0)] = get_global_id(0); }
`

// Under -arch=spir64 sizes, alignments and struct layouts with pointer
// members are clang's spir64 ones; under -arch=spir (the default) the
// width-dependent assertions fail.
func TestSpir64Sizes(t *testing.T) {
	compileValid(t, "sizes.cl", spir64Asserts, "-arch=spir64")
	compileValid(t, "sizes.cl", spir64Asserts, "-arch=spirv64")
	opts, err := ParseOptions("-arch=spir")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Compile(spir64Asserts, opts)
	if err == nil {
		t.Fatal("-arch=spir: the spir64 assertions hold")
	}
	failed := 0
	for _, d := range res.Diagnostics.Diags {
		if strings.HasPrefix(d.Msg, "static assertion failed") {
			failed++
		}
	}
	if failed != 14 {
		t.Errorf("-arch=spir: %d static assertions failed, want 14 (all but ptrdiff_t's sign):\n%v", failed, err)
	}
}

// Work-item functions return a 64-bit size_t: the Vulkan built-in stays a
// 32-bit vector, widened with OpUConvert, and the value stored to a ulong
// buffer is that widened one.
func TestSpir64WorkItemIDs(t *testing.T) {
	src := `kernel void k(global ulong *o, global uint *p) {
	size_t g = get_global_id(0);
	o[g] = g - 1;
	p[g] = get_local_size(0);
}`
	o := DefaultOptions()
	o.OptDisable = true
	if err := o.Parse([]string{"-arch=spir64"}); err != nil {
		t.Fatal(err)
	}
	res, err := Compile(src, o)
	if err != nil {
		t.Fatal(err)
	}
	dis := spirv.Disassemble(res.Module, spirv.DisOptions{})
	for _, want := range []string{"OpCapability Int64", "OpUConvert %ulong", "OpISub %ulong"} {
		if !strings.Contains(dis, want) {
			t.Errorf("no %q in:\n%s", want, dis)
		}
	}
	compileValid(t, "ids.cl", src, "-arch=spir64")
	compileValid(t, "ids.cl", src, "-arch=spir64", "-O0")
}

// Pointers in word memory (a union, a byte-viewed struct, a program-scope
// variable) take 8 bytes under -arch=spir64 and the modules validate.
func TestSpir64PointersInMemory(t *testing.T) {
	src := `
typedef union { global int *p; uchar b[8]; ulong bits; } punned;
typedef struct { global int *data; int n; local int *scratch; } view;
global int table[4] = {1, 2, 3, 4};
global int *global cursor = &table[2];
kernel void k(global int *a, local int *tmp, global long *out) {
	size_t g = get_global_id(0);
	punned u, w;
	u.p = a + g;
	for (int i = 0; i < 8; i++)
		w.b[i] = u.b[i];
	view v = {a, 2, tmp}, c;
	uchar *src = (uchar *)&v, *dst = (uchar *)&c;
	for (size_t i = 0; i < sizeof(view); i++)
		dst[i] = src[i];
	global int *t[2] = {a, cursor};
	out[g] = *w.p + c.data[c.n] + c.scratch[0] + *t[g & 1] + (t[1] - table);
}`
	res := compileValid(t, "mem.cl", src, "-arch=spir64", "-cl-std=CL2.0")
	ps := res.Reflection.ProgramScopeVariables
	if ps == nil || len(ps.Data) < 24 {
		t.Fatalf("program-scope variables %+v", ps)
	}
	// cursor (at byte 16, after table) holds table's byte offset 8 and, in
	// its high word, table's number (1) among the program-scope variables.
	if got := ps.Data[16:24]; string(got) != "\x08\x00\x00\x00\x01\x00\x00\x00" {
		t.Errorf("cursor's initial bytes % x, want 08 00 00 00 01 00 00 00", got)
	}
}
