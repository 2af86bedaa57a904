package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler/cpp"
	"github.com/clgo/clgo/compiler/diag"
)

// parse preprocesses and parses src; it returns the file and the
// diagnostics as "line:col: severity: msg" lines.
func parse(t testing.TB, src string) (*File, string) {
	t.Helper()
	var dl diag.List
	opts := cpp.Options{NoPrelude: true, Extensions: []string{"cl_khr_fp64", "cl_khr_fp16"}, Defines: specDefines(src)}
	toks := cpp.Preprocess("x.cl", src, opts, &dl)
	f := Parse("x.cl", toks, &dl)
	var msgs []string
	for _, d := range dl.Diags {
		msgs = append(msgs, strings.TrimPrefix(d.String(), "x.cl:"))
	}
	return f, strings.Join(msgs, "\n")
}

// specDefines returns the -D options of a kernel file's "//! options"
// line, so that corpus files parse as their run spec builds them.
func specDefines(src string) []string {
	var defs []string
	for _, line := range strings.Split(src, "\n") {
		opts, ok := strings.CutPrefix(line, "//! options ")
		if !ok {
			continue
		}
		for _, o := range strings.Fields(opts) {
			if d, ok := strings.CutPrefix(o, "-D"); ok && d != "" {
				defs = append(defs, d)
			}
		}
	}
	return defs
}

func dumpDecls(f *File) string {
	var s []string
	for _, d := range f.Decls {
		s = append(s, Dump(d))
	}
	return strings.Join(s, "\n")
}

// body returns the dumps of the statements of the first function's body.
func body(f *File) string {
	for _, d := range f.Decls {
		if fd, ok := d.(*FuncDecl); ok && fd.Body != nil {
			var s []string
			for _, st := range fd.Body.Stmts {
				s = append(s, Dump(st))
			}
			return strings.Join(s, "\n")
		}
	}
	return "<no body>"
}

func TestDecls(t *testing.T) {
	tests := []struct{ src, want string }{
		{"int x;", "(var x int)"},
		{"static const int x = 1, *y, z[4];",
			"(var x static (const int) = 1)\n(var y static (ptr (const int)))\n(var z static (array 4 (const int)))"},
		{"unsigned a; unsigned int b; signed c; long int d; unsigned long e; long unsigned int f; short g; unsigned short h; unsigned char i; signed char j; _Bool k;",
			"(var a uint)\n(var b uint)\n(var c int)\n(var d long)\n(var e ulong)\n(var f ulong)\n(var g short)\n(var h ushort)\n(var i uchar)\n(var j char)\n(var k bool)"},
		{"float4 v; uint16 w; image2d_t img; sampler_t s; size_t n; half h; bool b; event_t e;",
			"(var v float4)\n(var w uint16)\n(var img image2d_t)\n(var s sampler_t)\n(var n size_t)\n(var h half)\n(var b bool)\n(var e event_t)"},
		{"global float * restrict p;", "(var p (ptr restrict (global float)))"},
		{"__constant float * const __global * q;", "(var q (ptr (ptr const global (constant float))))"},
		{"int (*p)[4];", "(var p (ptr (array 4 int)))"},
		{"int *p[4];", "(var p (array 4 (ptr int)))"},
		{"int (*fp)(int, float *);", "(var fp (ptr (functype int (param _ int) (param _ (ptr float)))))"},
		{"int (*f(int a))(float);", "(func f (functype (ptr (functype int (param _ float))) (param a int)))"},
		{"void f(void); int g(); int h(int, ...);",
			"(func f (functype void))\n(func g (functype int noproto))\n(func h (functype int (param _ int) ...))"},
		{"int a[2][3];", "(var a (array 2 (array 3 int)))"},
		{"void f(int a[], float b[static 4]);", "(func f (functype void (param a (array int)) (param b (array 4 float))))"},
		{"typedef float T; T * x; T y, *z;",
			"(typedef T float)\n(var x (ptr $T))\n(var y $T)\n(var z (ptr $T))"},
		{"typedef struct { int a; float b, c; } S; const S s;",
			"(typedef S (struct {(field a int) (field b float) (field c float)}))\n(var s (const $S))"},
		{"struct P { float x; union { int i; float f; }; struct P *next; };",
			"(tag (struct P {(field x float) (field _ (union {(field i int) (field f float)})) (field next (ptr (struct P)))}))"},
		{"struct __attribute__((packed)) Q { char c; int i __attribute__((aligned(4))); } __attribute__((aligned(8)));",
			"(tag (struct Q (attr packed) (attr aligned 8) {(field c char) (field i int (attr aligned 4))}))"},
		{"enum E { A, B = 5, C, }; enum E e;",
			"(tag (enum E {A (B 5) C}))\n(var e (enum E))"},
		{"struct S *p; union U u;", "(var p (ptr (struct S)))\n(var u (union U))"},
		{"kernel void k(global float *a, __local int *b, read_only image2d_t img, const uint n) {}",
			"(func k kernel (functype void (param a (ptr (global float))) (param b (ptr (local int))) (param img (read_only image2d_t)) (param n (const uint))) (block))"},
		{"__kernel __attribute__((reqd_work_group_size(8, 8, 1))) __attribute__((vec_type_hint(float4), work_group_size_hint(1,1,1))) void k() {}",
			"(func k kernel (functype void noproto) (attr reqd_work_group_size 8 8 1) (attr vec_type_hint float4) (attr work_group_size_hint 1 1 1) (block))"},
		{"__attribute__((always_inline)) inline static int f(int x) { return x; }",
			"(func f static inline (functype int (param x int)) (attr always_inline) (block\n  (return x)))"},
		{"void f(int x) __attribute__((noinline)); int v __attribute__((endian(host)));",
			"(func f (functype void (param x int)) (attr noinline))\n(var v int (attr endian host))"},
		{"kernel void k(global int *p __attribute__((nosvm))) {}",
			"(func k kernel (functype void (param p (ptr (global int)) (attr nosvm))) (block))"},
		{"int x __attribute__((__aligned__)), __attribute__((unknown_thing(1, \"s\"))) y;",
			"(var x int (attr aligned))\n(var y int (attr unknown_thing 1 \"s\"))"},
		{"int a[] = {1, 2, [5] = 3}; struct S s = {.x = 1, .y[2].z = {4, 5}};",
			"(var a (array int) = {1 2 [5]=3})\n(var s (struct S) = {.x=1 .y[2].z={4 5}})"},
		{"float4 v = (float4)(1.0f, 2.0f, 3.0f, 4.0f);",
			"(var v float4 = (cast float4 (paren (, (, (, 1.0f 2.0f) 3.0f) 4.0f))))"},
		{"__typeof__(1+2) t; typeof(int) u;", "(var t (typeof (+ 1 2)))\n(var u int)"},
		{"constant int tbl[3] = {1, 2, 3};", "(var tbl (array 3 (constant int)) = {1 2 3})"},
		{"typedef int F(int); F *fp;", "(typedef F (functype int (param _ int)))\n(var fp (ptr $F))"},
		{"extern int e; static float s;", "(var e extern int)\n(var s static float)"},
		{"int f(int (*)(int), int (*cb)[3], float4 (*)[2]);",
			"(func f (functype int (param _ (ptr (functype int (param _ int)))) (param cb (ptr (array 3 int))) (param _ (ptr (array 2 float4)))))"},
		{"typedef int T; void f(T T);", "(typedef T int)\n(func f (functype void (param T $T)))"},
		// clang's typedef names (uchar, size_t, vector types) name a member
		// or variable after a type specifier, and are hidden by it.
		{"typedef int T; typedef struct { T int2; float float4; } S; int uint; uint4 v;",
			"(typedef T int)\n(typedef S (struct {(field int2 $T) (field float4 float)}))\n(var uint int)\n(var v uint4)"},
	}
	for _, tt := range tests {
		f, errs := parse(t, tt.src)
		if errs != "" {
			t.Errorf("%s: unexpected diagnostics:\n%s", tt.src, errs)
		}
		if got := dumpDecls(f); got != tt.want {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", tt.src, got, tt.want)
		}
	}
}

func TestStmts(t *testing.T) {
	tests := []struct{ src, want string }{
		{"int x = 1; x += 2; ;", "(decl (var x int = 1))\n(expr (+= x 2))\n(empty)"},
		{"if (a) b(); else if (c) d(); else {}", "(if a (expr (call b)) (if c (expr (call d)) (block)))"},
		{"for (;;) break;", "(for _ _ _ (break))"},
		{"for (i = 0, j = 1; i < n; i++, j--) continue;",
			"(for (expr (, (= i 0) (= j 1))) (< i n) (, (post++ i) (post-- j)) (continue))"},
		{"for (int i = 0, j; i < 4; ++i) {}", "(for (decl (var i int = 0) (var j int)) (< i 4) (++ i) (block))"},
		{"while (x) x--; do { x++; } while (x < 10);",
			"(while x (expr (post-- x)))\n(do (block\n  (expr (post++ x))) (< x 10))"},
		{"switch (x) { case 1: case 2: y = 1; break; default: y = 0; }",
			"(switch x (block\n  (case 1)\n  (case 2)\n  (expr (= y 1))\n  (break)\n  (default)\n  (expr (= y 0))))"},
		{"L: x = 1; goto L;", "(label L)\n(expr (= x 1))\n(goto L)"},
		{"if (a) L2: return;", "(if a (block\n  (label L2)\n  (return)))"},
		{"return x + 1;", "(return (+ x 1))"},
		{"__attribute__((opencl_unroll_hint(4))) for (;;) {} __attribute__((opencl_unroll_hint)) while (1) {}",
			"(for (attr opencl_unroll_hint 4) _ _ _ (block))\n(while (attr opencl_unroll_hint) 1 (block))"},
		{"typedef int T; T * x; { int T; T * x; }",
			"(decl (typedef T int))\n(decl (var x (ptr $T)))\n(block\n  (decl (var T int))\n  (expr (* T x)))"},
		{"#pragma unroll\nfor (;;) {}\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n",
			"(pragma \"unroll\")\n(for _ _ _ (block))\n(pragma \"OPENCL EXTENSION cl_khr_fp64 : enable\")"},
		{"struct S { int a; } s; enum { A, B } e;",
			"(decl (var s (struct S {(field a int)})))\n(decl (var e (enum {A B})))"},
		{"if (a)\n#pragma unroll\nfor (;;) {}", "(if a (block\n  (pragma \"unroll\")\n  (for _ _ _ (block))))"},
		{"local float tile[16][17];", "(decl (var tile (array 16 (array 17 (local float)))))"},
	}
	for _, tt := range tests {
		f, errs := parse(t, "void f() {\n"+tt.src+"\n}")
		if errs != "" {
			t.Errorf("%s: unexpected diagnostics:\n%s", tt.src, errs)
		}
		if got := body(f); got != tt.want {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", tt.src, got, tt.want)
		}
	}
}

func TestExprs(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a + b * c - d", "(- (+ a (* b c)) d)"},
		{"a = b = c", "(= a (= b c))"},
		{"a << 1 | b & c ^ d", "(| (<< a 1) (^ (& b c) d))"},
		{"a || b && c == d < e", "(|| a (&& b (== c (< d e))))"},
		{"a ? b : c ? d : e", "(? a b (? c d e))"},
		{"a ? b, c : d", "(? a (, b c) d)"},
		{"-a++ + !*p-- - ~&x", "(- (+ (- (post++ a)) (! (* (post-- p)))) (~ (& x)))"},
		{"a->b.c[1](2, 3).xyzw", "(. (call (index (. (-> a b) c) 1) 2 3) xyzw)"},
		{"(float)x", "(cast float x)"},
		{"(x)", "(paren x)"},
		{"(global int *)p", "(cast (ptr (global int)) p)"},
		{"(float4)(a, b, c, d)", "(cast float4 (paren (, (, (, a b) c) d)))"},
		{"(float4)(1.0f)", "(cast float4 (paren 1.0f))"},
		{"(int (*)[4])p", "(cast (ptr (array 4 int)) p)"},
		{"(struct S){1, 2}.x", "(. (compound (struct S) {1 2}) x)"},
		{"sizeof(int) + sizeof x + sizeof(x) + sizeof(float[4])",
			"(+ (+ (+ (sizeof (type int)) (sizeof x)) (sizeof (paren x))) (sizeof (type (array 4 float))))"},
		{"vec_step(float4) + vec_step(v) + __alignof__(int) + _Alignof(long)",
			"(+ (+ (+ (vec_step (type float4)) (vec_step (paren v))) (alignof (type int))) (alignof (type long)))"},
		{"sizeof (int){1}", "(sizeof (compound int {1}))"},
		{"\"ab\" \"c\\n\\x41\\101\"", "\"abc\\nAA\""},
		{"'a' + '\\n' + 0x1Fu + 017 + 1.5e3f + 0x1p-3 + .5 + 1.h + 10UL",
			"(+ (+ (+ (+ (+ (+ (+ (+ 'a' '\\n') 0x1Fu) 017) 1.5e3f) 0x1p-3) .5) 1.h) 10UL)"},
		{"x *= 2, y >>= 1, z |= 3", "(, (, (*= x 2) (>>= y 1)) (|= z 3))"},
		{"- -x", "(- (- x))"},
		{"(uint)-1", "(cast uint (- 1))"},
		{"(a)(b)", "(call (paren a) b)"},
		{"a < b > c", "(> (< a b) c)"},
		{"++*p", "(++ (* p))"},
	}
	for _, tt := range tests {
		f, errs := parse(t, "void f() {\n"+tt.src+";\n}")
		if errs != "" {
			t.Errorf("%s: unexpected diagnostics:\n%s", tt.src, errs)
		}
		if got := body(f); got != "(expr "+tt.want+")" {
			t.Errorf("%s:\ngot:  %s\nwant: (expr %s)", tt.src, got, tt.want)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"void f() { x = 1 }", "1:17: error: expected ';' after expression"},
		{"int x", "1:6: error: expected ';' after top level declarator"},
		{"void f() { int x y; }", "1:17: error: expected ';' at end of declaration"},
		{"void f() { return 1 }", "1:20: error: expected ';' after return statement"},
		{"void f() { break }", "1:17: error: expected ';' after break statement"},
		{"void f() { x = ; }", "1:16: error: expected expression"},
		{"void f() { f(1; }", "1:15: error: expected ')'\n1:13: note: to match this '('"},
		{"void f() { x = (1 + 2; }", "1:22: error: expected ')'\n1:16: note: to match this '('"},
		{"void f() {", "1:11: error: expected '}'\n1:10: note: to match this '{'"},
		{"}", "1:1: error: extraneous closing brace ('}')"},
		{"void f() { if x) {} }", "1:15: error: expected '(' after 'if'"},
		{"void f() { do {} x; }", "1:18: error: expected 'while' in do/while loop"},
		{"void f() { a ? b ; }", "1:18: error: expected ':'\n1:14: note: to match this '?'"},
		{"struct S { int a : 3; };", "1:18: error: bit-fields are not supported in OpenCL C"},
		{"long long x;", "1:6: error: 'long long' is not supported in OpenCL C"},
		{"long double x;", "1:6: error: 'long double' is not supported in OpenCL C"},
		{"int float x;", "1:5: error: cannot combine with previous 'int' declaration specifier"},
		{"unsigned float x;", "1:10: error: cannot combine with previous 'unsigned' declaration specifier"},
		{"const x = 1;", "1:1: error: type specifier missing, defaults to 'int'"},
		{"foo x;", "1:1: error: unknown type name 'foo'"},
		{"foo *x;", "1:1: error: unknown type name 'foo'"},
		{"struct S { foo x; };", "1:12: error: unknown type name 'foo'"},
		{"void f() { foo x; }", "1:12: error: unknown type name 'foo'"},
		{"void f(foo x);", "1:8: error: unknown type name 'foo'"},
		{"int x = 09;", "1:9: error: invalid digit '9' in octal constant"},
		{"int x = 12xyz;", "1:9: error: invalid suffix 'xyz' on integer constant"},
		{"float x = 1.5q;", "1:11: error: invalid suffix 'q' on floating constant"},
		{"float x = 1e+;", "1:11: error: exponent has no digits"},
		{"float x = 0x1.8;", "1:11: error: hexadecimal floating constant requires an exponent"},
		{"long x = 1lL;", "1:10: error: invalid suffix 'lL' on integer constant"},
		{"int 3;", "1:5: error: expected identifier or '('"},
		{"void f() { auto int x; }", "1:12: error: OpenCL C version 1.2 does not support the 'auto' storage class specifier"},
		{"static extern int x;", "1:8: error: cannot combine with previous 'static' declaration specifier"},
		{"void f() { void g() {} }", "1:21: error: function definition is not allowed here"},
		{"void f() { x.+; }", "1:14: error: expected member name"},
		{"void f() { case 1: }", "1:20: error: label at end of compound statement: expected statement"},
		{"int f(int x, 3);", "1:14: error: expected parameter declarator"},
		{"global local int x;", "1:8: error: multiple address spaces specified for type"},
		{"int x = {. = 1};", "1:12: error: expected a field designator, such as '.field = 4'"},
		{"kernel int x;", "1:12: error: 'kernel' can only be applied to a function"},
		{"void f() { (float4)(1; }", "1:22: error: expected ')'\n1:20: note: to match this '('"},
		{"void f() { int x = float4; }", "1:20: error: unexpected type name 'float4': expected expression"},
		{"void f() { int x = float; }", "1:20: error: expected expression"},
		{"struct S { int a; }\nkernel void f() {}", "1:20: error: expected ';' after struct"},
		{"void f() { if (a) x; else if (b) y; else if c) z; }", "1:45: error: expected '(' after 'if'"},
		{"struct { int a; };", "1:1: warning: declaration does not declare anything"},
		// Several errors in one run: recovery at ';' and '}'.
		{"void f() { x = ; y = 1 }\nint g( { }\nint z",
			"1:16: error: expected expression\n1:23: error: expected ';' after expression\n" +
				"2:8: error: expected parameter declarator\n3:6: error: expected ';' after top level declarator"},
	}
	for _, tt := range tests {
		_, errs := parse(t, tt.src)
		if errs != tt.want {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", tt.src, errs, tt.want)
		}
	}
}

func TestSharedSpecifier(t *testing.T) {
	f, errs := parse(t, "void f() { const float a = 1, *b, c[2]; }")
	if errs != "" {
		t.Fatal(errs)
	}
	ds := f.Decls[0].(*FuncDecl).Body.Stmts[0].(*DeclStmt).Decls
	a, b, c := ds[0].(*VarDecl), ds[1].(*VarDecl), ds[2].(*VarDecl)
	if a.Type != b.Type.(*PointerType).Elem || a.Type != c.Type.(*ArrayType).Elem {
		t.Errorf("declarators do not share the specifier node")
	}
	if a.At.Col != 24 || b.At.Col != 32 || c.At.Col != 35 {
		t.Errorf("positions %v %v %v", a.At, b.At, c.At)
	}
}

func TestPragmas(t *testing.T) {
	src := "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\nkernel void k() {\n#pragma unroll 4\n for (;;) {}\n}\n#pragma OPENCL FP_CONTRACT ON\n"
	f, errs := parse(t, src)
	if errs != "" {
		t.Fatal(errs)
	}
	want := "(pragma \"OPENCL EXTENSION cl_khr_fp64 : enable\")\n(func k kernel (functype void noproto) (block\n  (pragma \"unroll 4\")\n  (for _ _ _ (block))))\n(pragma \"OPENCL FP_CONTRACT ON\")"
	if got := dumpDecls(f); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if len(f.Pragmas) != 3 || f.Pragmas[1].Text != "unroll 4" || f.Pragmas[1].At.Line != 3 {
		t.Errorf("File.Pragmas = %v", f.Pragmas)
	}
}

func TestNesting(t *testing.T) {
	for _, src := range []string{
		"int x = " + strings.Repeat("(", 1000) + "1" + strings.Repeat(")", 1000) + ";",
		"void f() " + strings.Repeat("{", 1000) + strings.Repeat("}", 1000),
		"int " + strings.Repeat("*", 100000) + "p;",
		"int " + strings.Repeat("(", 1000) + "p" + strings.Repeat(")", 1000) + ";",
		"int x = " + strings.Repeat("-", 100000) + "1;",
		"int x[] = " + strings.Repeat("{", 1000) + strings.Repeat("}", 1000) + ";",
	} {
		_, errs := parse(t, src)
		if !strings.Contains(errs, "bracket nesting level exceeded maximum of 256") {
			t.Errorf("%.30s...: got %q", src, errs)
		}
	}
}

// Operator chains are parsed by loops but build trees that later stages
// walk recursively: their height is bounded too, and a long chain within
// the bound parses.
func TestChainHeight(t *testing.T) {
	const n = 200000
	for _, src := range []string{
		"int x = " + strings.Repeat("a+", n) + "a;",
		"int x = (" + strings.Repeat("a,", n) + "a);",
		"int x = a" + strings.Repeat(".x", n) + ";",
		"int x = a" + strings.Repeat("[0]", n) + ";",
		"int x = f" + strings.Repeat("(1)", n) + ";",
		"int x = a" + strings.Repeat("++", n) + ";",
		// Nested chains: each below the bound, the whole above it.
		"int x = " + strings.Repeat("(", 200) + strings.Repeat("a+", 100) + "a" + strings.Repeat(strings.Repeat("+a", 100)+")", 200) + ";",
	} {
		_, errs := parse(t, src)
		if !strings.Contains(errs, "expression is nested too deeply (more than 8192 levels of operators)") {
			t.Errorf("%.30s...: got %q", src, errs)
		}
	}
	src := "void f() { if (a) x = 1; " + strings.Repeat("else if (a) x = 1; ", n) + "}"
	if _, errs := parse(t, src); !strings.Contains(errs, "'else if' chain is too long (more than 8192)") {
		t.Errorf("else if chain: got %q", errs)
	}
	for _, src := range []string{
		"int x = " + strings.Repeat("a+", 8000) + "a;",
		"void f() { if (a) x = 1; " + strings.Repeat("else if (a) x = 1; ", 8000) + "}",
		"constant char s[] = " + strings.Repeat(`"a" `, n) + ";",
	} {
		if _, errs := parse(t, src); errs != "" {
			t.Errorf("%.30s...: got %q", src, errs)
		}
	}
	if _, errs := parse(t, "int x = "+strings.Repeat("a=", 1000)+"a;"); !strings.Contains(errs, "bracket nesting level exceeded maximum of 256") {
		t.Errorf("assignment chain: got %q", errs)
	}
}

func kernels(t testing.TB) []string {
	files, _ := filepath.Glob("../../../shared/kernels/*.cl")
	// The project's own kernel tests too (all valid programs).
	more, _ := filepath.Glob("../../testdata/kernels/*/*.cl")
	files = append(files, more...)
	if len(files) == 0 {
		t.Skip("no shared kernels")
	}
	return files
}

func TestSharedKernels(t *testing.T) {
	for _, fn := range kernels(t) {
		src, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		f, errs := parse(t, string(src))
		if strings.Contains(errs, "error:") { // warnings about extensions are the preprocessor's
			t.Errorf("%s:\n%s", fn, errs)
			continue
		}
		roundTrip(t, fn, f)
	}
}

// roundTrip checks that Format prints f as source that parses to the same tree.
func roundTrip(t *testing.T, name string, f *File) {
	t.Helper()
	out := Format(f)
	g, errs := parse(t, out)
	if strings.Contains(errs, "error:") {
		t.Errorf("%s: reparse of formatted source: %s\n%s", name, errs, out)
		return
	}
	if a, b := dumpDecls(f), dumpDecls(g); a != b {
		t.Errorf("%s: round trip differs:\n%s\n---\n%s\n---\n%s", name, out, a, b)
	}
}

func TestRoundTrip(t *testing.T) {
	var srcs []string
	srcs = append(srcs, `
typedef struct { float x, y; union { int i; float f; }; } P;
struct Q { char c; int i __attribute__((aligned(4))); } __attribute__((packed));
enum E { A, B = 3, C };
constant float tbl[2][2] = {{1, 2}, {[1] = 3}};
int (*fp)(int, float *);
int *ap[3], (*pa)[3];
__kernel __attribute__((reqd_work_group_size(8, 8, 1))) void k(global float * restrict out, read_only image2d_t img, const P p) {
	local int buf[64];
	int i = get_global_id(0), j;
	float4 v = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
	v.xy = v.zw * -(-v.x);
	out[i] = i < 3 ? (float)i : sizeof(P) + vec_step(float4) + sizeof i;
	for (j = 0; j < 4; j++) { if (j & 1) continue; else break; }
	switch (i) { case 0: j = 1; break; default: j = 2; }
	do j--; while (j > 0);
	__attribute__((opencl_unroll_hint(2))) while (j < 3) j += 1;
	P q = (P){.x = 1, .y = 2};
	out[0] = "a\n\"b"[0] + 'c' + *(global float *)out + q.x;
	i = a - -1 + +b - (c - d) - ~e * !f;
	L: goto L;
}
`)
	for _, src := range srcs {
		f, errs := parse(t, src)
		if errs != "" {
			t.Fatal(errs)
		}
		roundTrip(t, "src", f)
	}
	// Hand-built trees get the parentheses precedence needs.
	x := &BinaryExpr{Op: Mul, X: &BinaryExpr{Op: Add, X: &Ident{Name: "a"}, Y: &Ident{Name: "b"}}, Y: &Ident{Name: "c"}}
	if got := Format(x); got != "(a + b) * c" {
		t.Errorf("Format = %q", got)
	}
}

func BenchmarkParse(b *testing.B) {
	var toks [][]cpp.Token
	for _, fn := range kernels(b) {
		src, err := os.ReadFile(fn)
		if err != nil {
			b.Fatal(err)
		}
		var dl diag.List
		toks = append(toks, cpp.Preprocess(fn, string(src), cpp.Options{}, &dl))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, ts := range toks {
			var dl diag.List
			Parse("k.cl", ts, &dl)
		}
	}
}
