package compiler

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv/spirvtest"
)

// The two units of testdata/link (see their comments).
var linkUnitA, linkUnitB = readLinkUnit("unit_a.cl"), readLinkUnit("unit_b.cl")

func readLinkUnit(name string) string {
	b, err := os.ReadFile("../testdata/link/" + name)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestLinkTwoUnits(t *testing.T) {
	for _, env := range []TargetEnv{Vulkan11, Vulkan13} {
		opts := DefaultOptions()
		opts.TargetEnv = env
		res, err := Link([]Unit{{Source: linkUnitA}, {Source: linkUnitB}}, opts)
		if err != nil {
			t.Fatalf("%s: %v", env, err)
		}
		spirvtest.ValidateModule(t, res.Module, string(env))
		var names []string
		for _, k := range res.Reflection.Kernels {
			names = append(names, k.Name)
		}
		if got := strings.Join(names, " "); got != "ka kb" {
			t.Errorf("kernels %q, want \"ka kb\"", got)
		}
	}
}

// The same units as one source are redefinitions: what Link exists for.
func TestLinkConcatenatedFails(t *testing.T) {
	if _, err := Compile(linkUnitA+linkUnitB, DefaultOptions()); err == nil {
		t.Fatal("the concatenated units compiled")
	}
}

func TestLinkErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		units []Unit
		want  string
	}{
		{"conflicting function types", []Unit{
			{Source: "int f(int x) { return x; }\nkernel void k(global int *p) { *p = f(1); }\n"},
			{Source: "float f(int x);\nkernel void k2(global float *p) { *p = f(1); }\n"}},
			"<unit 2>:1:7: error: conflicting types for 'f': 'float(int)' here, 'int(int)' in <unit 1>\n" +
				"<unit 1>:1:5: note: previous declaration is here\n"},
		{"function defined twice", []Unit{
			{Source: "int f(int x) { return x; }\n"},
			{Source: "int f(int x) { return x + 1; }\nkernel void k(global int *p) { *p = f(1); }\n"}},
			"<unit 2>:1:5: error: function 'f' is defined in two units: here and in <unit 1>\n" +
				"<unit 1>:1:5: note: previous definition is here\n"},
		{"kernel defined twice", []Unit{
			{Name: "a.cl", Source: "kernel void k(global int *p) { *p = 1; }\n"},
			{Name: "b.cl", Source: "kernel void k(global int *p) { *p = 2; }\n"}},
			"b.cl:1:13: error: kernel 'k' is defined in two units: here and in a.cl\n" +
				"a.cl:1:13: note: previous definition is here\n"},
		{"variable defined twice", []Unit{
			{Source: "constant int v = 1;\n"},
			{Source: "constant int v = 2;\nkernel void k(global int *p) { *p = v; }\n"}},
			"<unit 2>:1:14: error: variable 'v' is defined in two units: here and in <unit 1>\n" +
				"<unit 1>:1:14: note: previous definition is here\n"},
		{"different structs", []Unit{
			{Source: "struct S { int a; };\nvoid f(struct S *s) { s->a = 1; }\n"},
			{Source: "struct S { float a; };\nvoid f(struct S *s);\nkernel void k(global int *p) { struct S s; f(&s); *p = s.a; }\n"}},
			"<unit 2>:2:6: error: conflicting types for 'f': 'void(struct S *)' here, 'void(struct S *)' in <unit 1>" +
				" (a struct, union or enum of the same name is defined differently)\n" +
				"<unit 1>:2:6: note: previous declaration is here\n"},
		{"undefined function", []Unit{
			{Source: "int f(int x);\nkernel void k(global int *p) { *p = f(1); }\n"},
			{Source: "static int f(int x) { return x; }\n"}},
			"<unit 1>:2:38: error: function 'f' is declared but never defined\n"},
		{"undefined variable", []Unit{
			{Source: "extern constant int v;\nkernel void k(global int *p) { *p = v; }\n"},
			{Source: "static constant int v = 3;\n"}},
			"<unit 1>:1:21: error: variable 'v' is declared but never defined\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Link(tc.units, DefaultOptions())
			if err == nil {
				t.Fatal("linked")
			}
			var b strings.Builder
			for _, d := range res.Diagnostics.Diags {
				b.WriteString(d.String() + "\n")
			}
			if got := b.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// CTS test_compiler two_file_regular_struct_access: a struct-typed
// constant defined in one unit, declared extern (with its struct defined
// again) in the other.
func TestLinkExternStructVariable(t *testing.T) {
	units := []Unit{
		{Source: "kernel void CopyBuffer(global float *src, global float *dst) { int id = (int)get_global_id(0); dst[id] = src[id]; }\n" +
			"constant struct bar {float x, y, z, r; int color; } foo = {0.f, 0.f, 0.f, 0.f, 0};\n"},
		{Source: "extern constant struct bar{float x, y, z, r; int color; } foo;\n" +
			"struct bar access_foo() {return foo; }\n" +
			"kernel void k(global float *out) { out[0] = access_foo().y; }\n"},
	}
	res, err := Link(units, DefaultOptions())
	if err != nil {
		t.Fatal(res.Diagnostics.Diags)
	}
	spirvtest.ValidateModule(t, res.Module, string(Vulkan11))
}

// A typedef'd anonymous struct and an enum, defined alike in two units,
// cross the unit boundary as parameter types.
func TestLinkAnonymousStructAndEnum(t *testing.T) {
	hdr := "typedef struct { int x; float y; } P;\nenum E { E0, E1 = 5 };\n"
	units := []Unit{
		{Source: hdr + "int f(P p, enum E e) { return p.x + (int)p.y + e; }\n"},
		{Source: hdr + "int f(P p, enum E e);\nkernel void k(global int *o) { P p = { 1, 2.0f }; o[0] = f(p, E1); }\n"},
	}
	res, err := Link(units, DefaultOptions())
	if err != nil {
		t.Fatal(res.Diagnostics.Diags)
	}
	spirvtest.ValidateModule(t, res.Module, string(Vulkan11))
	// An enum with other values is another type.
	units[1].Source = strings.Replace(units[1].Source, "E1 = 5", "E1 = 6", 1)
	if _, err := Link(units, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "conflicting types for 'f'") {
		t.Fatalf("different enums: %v", err)
	}
}

// Diagnostics come in unit order: <unit 10> after <unit 2>.
func TestLinkDiagnosticOrder(t *testing.T) {
	units := make([]Unit, 10)
	for i := range units {
		units[i].Source = fmt.Sprintf("void f%d(void) { undeclared(); }\n", i)
	}
	res, err := Link(units, DefaultOptions())
	if err == nil {
		t.Fatal("linked")
	}
	var files []string
	for _, d := range res.Diagnostics.Diags {
		files = append(files, d.Pos.File)
	}
	for i, f := range files {
		if len(files) != len(units) || f != UnitName(i) {
			t.Fatalf("diagnostics in files %v", files)
		}
	}
}

// A struct a unit names before defining it stays that unit's own type
// (types.CheckUnits cannot make it the other unit's after the fact): a
// function taking it is a conflict, reported as such.
func TestLinkForwardDeclaredStruct(t *testing.T) {
	units := []Unit{
		{Source: "struct S { int a; };\nint f(struct S *s) { return s->a; }\n"},
		{Source: "typedef struct S S;\nstruct S { int a; };\nint f(S *s);\nkernel void k(global int *o) { S s = { 1 }; o[0] = f(&s); }\n"},
	}
	_, err := Link(units, DefaultOptions())
	if err == nil || !strings.Contains(err.Error(), "conflicting types for 'f'") {
		t.Fatalf("got %v", err)
	}
}
