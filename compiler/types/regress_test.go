package types

import (
	"fmt"
	"strings"
	"testing"
)

// TestRegressTypes checks the type (and constant value, where given) of
// expressions that were once rejected or mistyped; see TestExprTypes for
// the locals.
func TestRegressTypes(t *testing.T) {
	cases := []struct{ expr, want, val string }{
		{"true", "bool", "1"},
		{"false", "bool", "0"},
		{"sizeof(true)", "size_t", "1"},
		{"true + 1", "int", "2"},
		{"gp != NULL", "int", ""},
		{"lp == NULL", "int", ""},
		{"NULL == cp", "int", ""},
		{"i ? lp : NULL", "__local int *", ""},
		{"(global int *)NULL", "__global int *", "0"},
		{"gv->w", "float", ""},
		{"gv->xy", "float2", ""},
		{"lv->s3", "int", ""},
		{"pv->hi", "float2", ""},
	}
	for _, tc := range cases {
		src := fmt.Sprintf("void f(global float *gp, local int *lp, constant float *cp, global float4 *gv, local int4 *lv, float4 *pv) {%s\n (%s);\n}", locals, tc.expr)
		_, info, diags, file := checkSource("t.cl", src, nil)
		if diags.HasErrors() {
			t.Errorf("%s: unexpected errors:\n%s", tc.expr, diagLines(diags))
			continue
		}
		tv := info.Types[lastExprStmt(file)]
		if got := tv.Type.String(); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.expr, got, tc.want)
		}
		if tc.val != "" && (!tv.IsConst() || fmt.Sprint(tv.Value.Int) != tc.val) {
			t.Errorf("%s: value %+v, want %s", tc.expr, tv.Value, tc.val)
		}
	}
}

// TestRegressDiags checks the complete diagnostics (notes included) of
// programs whose diagnostics were once wrong, missing or doubled; clang-15
// -cl-std=CL1.2 gives the same (up to its type spellings).
func TestRegressDiags(t *testing.T) {
	cases := []struct{ src, want string }{
		// -> on a pointer to a scalar is still an error.
		{"kernel void k(global int *p) { *p = p->x; }",
			"t.cl:1:40: error: member reference base type 'int' is not a structure or union"},
		// A float is not an integer: clang does not say "pointer and integer".
		{"kernel void k(global int *p) { float f = 1.0f; *p = p == f; }",
			"t.cl:1:55: error: invalid operands to binary expression ('__global int *' and 'float')"},
		{"kernel void k(global int *p) { int i = 1; *p = p == i; }",
			"t.cl:1:50: error: comparison between pointer and integer ('__global int *' and 'int')"},
		// OpenCL C 6.3.1 rank between a scalar and a vector's elements
		// (unsigned above signed of equal precision, floats above ints).
		{"kernel void k(global short8 *p) { p[1] = p[0] + 3; }",
			"t.cl:1:47: error: scalar operand type has greater rank than the type of the vector element ('short8' and 'int')"},
		{"kernel void k(global int4 *p) { p[1] = 0u + p[0]; }",
			"t.cl:1:43: error: scalar operand type has greater rank than the type of the vector element ('uint' and 'int4')"},
		{"kernel void k(global char4 *p, uchar u) { p[1] = p[0] < u; }",
			"t.cl:1:55: error: scalar operand type has greater rank than the type of the vector element ('char4' and 'uchar')"},
		{"kernel void k(global int4 *p, float f) { p[1] *= f; }",
			"t.cl:1:47: error: scalar operand type has greater rank than the type of the vector element ('int4' and 'float')"},
		{"kernel void k(global int4 *p, long l) { p[1] = p[0] > 1 ? p[0] : l; }",
			"t.cl:1:57: error: scalar operand type has greater rank than the type of the vector element ('int4' and 'long')"},
		// Lower or equal ranks widen; assignment converts any scalar.
		{"kernel void k(global uint4 *p, global char4 *q, global float4 *f, int i, long l) { bool b = i; p[0] = p[0] + 1 + i + b; q[0] = q[0] + (char)1; f[0] = f[0] * i + l; p[1] = 2.0f; p[2] = f[1].x; q[1] = i; }",
			""},
		// -Wparentheses, -Wunused-comparison, -Wunused-value.
		{"kernel void k(global int *p) {\n int x = p[0];\n if (x = 3) p[1] = x;\n while (x |= 1) {}\n if ((x = 2)) {}\n}",
			"t.cl:3:8: warning: using the result of an assignment as a condition without parentheses\n" +
				"t.cl:3:8: note: place parentheses around the assignment to silence this warning\n" +
				"t.cl:3:8: note: use '==' to turn this assignment into an equality comparison\n" +
				"t.cl:4:11: warning: using the result of an assignment as a condition without parentheses\n" +
				"t.cl:4:11: note: place parentheses around the assignment to silence this warning\n" +
				"t.cl:4:11: note: use '!=' to turn this compound assignment into an inequality comparison"},
		{"kernel void k(global int *p, int x) {\n p[0] == 1;\n x != 2;\n x < 1;\n x++ == 1;\n (x == 1);\n x + 1;\n x, x++;\n (void)x;\n x == 1 && p[0]++;\n}",
			"t.cl:2:7: warning: equality comparison result unused\n" +
				"t.cl:2:7: note: use '=' to turn this equality comparison into an assignment\n" +
				"t.cl:3:4: warning: inequality comparison result unused\n" +
				"t.cl:3:4: note: use '|=' to turn this inequality comparison into an or-assignment\n" +
				"t.cl:4:4: warning: relational comparison result unused\n" +
				"t.cl:5:6: warning: equality comparison result unused\n" +
				"t.cl:6:5: warning: expression result unused\n" +
				"t.cl:7:4: warning: expression result unused\n" +
				"t.cl:8:2: warning: left operand of comma operator has no effect"},
		// -Wconstant-conversion and -Wliteral-conversion.
		{"char f(char c) { return 300; }\nkernel void k(global char *p, int x) {\n char a = 300; char b = 200; char h = 0x80; uchar d = -1; uchar e = 256;\n p[0] = x ? 300 : 1; f(1000); int i = 1.5f; int j = 2.0f; char4 v = (char4)(300, 1, 2, 3);\n}",
			"t.cl:1:25: warning: implicit conversion from 'int' to 'char' changes value from 300 to 44\n" +
				"t.cl:3:11: warning: implicit conversion from 'int' to 'char' changes value from 300 to 44\n" +
				"t.cl:3:25: warning: implicit conversion from 'int' to 'char' changes value from 200 to -56\n" +
				"t.cl:3:69: warning: implicit conversion from 'int' to 'uchar' changes value from 256 to 0\n" +
				"t.cl:4:13: warning: implicit conversion from 'int' to 'char' changes value from 300 to 44\n" +
				"t.cl:4:24: warning: implicit conversion from 'int' to 'char' changes value from 1000 to -24\n" +
				"t.cl:4:39: warning: implicit conversion from 'float' to 'int' changes value from 1.5 to 1\n" +
				"t.cl:4:77: warning: implicit conversion from 'int' to 'char' changes value from 300 to 44"},
		// i[p] is p[i].
		{"kernel void k(global int *p) { int a[2] = {1, 2}; p[0] = 1[p] + 1[a]; }", ""},
		// A __constant object is not const: only a written const is
		// discarded.
		{"constant char msg[] = \"abc\";\nkernel void k(global char *o, constant const char *q) { constant char *s = msg + 1; constant char *r = q; o[0] = s[0] + r[0]; }",
			"t.cl:2:104: warning: initializing '__constant char *' with an expression of type 'const __constant char *' discards qualifiers"},
		// No second error asking a misplaced variable for an initializer.
		{"int counter;\nkernel void k(global int *p) { p[0] = counter; }",
			"t.cl:1:5: error: program scope variable must reside in constant address space"},
		// Wrong arity for an overloaded builtin: every overload is a
		// candidate (none for a builtin with a single declaration).
		{"kernel void k(global float *p) { p[0] = dot(p[1]); barrier(); }",
			"t.cl:1:44: error: no matching function for call to 'dot' with arguments ('float')\n" +
				"t.cl:1:44: note: candidate function: float dot(float, float)\n" +
				"t.cl:1:44: note: candidate function: float dot(float2, float2)\n" +
				"t.cl:1:44: note: candidate function: float dot(float3, float3)\n" +
				"t.cl:1:44: note: candidate function: float dot(float4, float4)\n" +
				"t.cl:1:59: error: no matching function for call to 'barrier' with arguments ()"},
		// A half variable rejected once is not an error at each use.
		{"kernel void k(global half *p, global float *q) {\n half h = p[0];\n q[0] = h + 1;\n half2 v;\n q[1] = v.x;\n}",
			"t.cl:2:7: error: declaring variable of type 'half' is not allowed\n" +
				"t.cl:2:12: error: loading directly from pointer to type 'half' requires cl_khr_fp16. Use vector data load builtin functions instead\n" +
				"t.cl:4:8: error: declaring variable of type 'half2' is not allowed"},
		// Builtin pointer arguments convert as in C: a lost qualifier or
		// another pointee type is a warning, and only when no candidate
		// takes the pointer as it is (atomic_min(uint *, int) is the uint
		// overload, as in clang).
		{"kernel void k(global int *io, const global int *cp, global uint *up, int i) { atomic_add(cp, 1); vstore4((int4)(1), 0, cp); atomic_min(up, i); atomic_cmpxchg(up, 1, 2); }",
			"t.cl:1:90: warning: passing 'const __global int *' to parameter of type 'volatile __global int *' discards qualifiers\n" +
				"t.cl:1:120: warning: passing 'const __global int *' to parameter of type '__global int *' discards qualifiers"},
	}
	for _, tc := range cases {
		_, _, diags, _ := checkSourceAlways("t.cl", tc.src, &Config{})
		got := strings.TrimSpace(diagLines(diags))
		if got != tc.want {
			t.Errorf("%s\ngot:\n%s\nwant:\n%s", tc.src, got, tc.want)
		}
	}
}

// TestRegressBuiltinsFP64 checks overload resolution with double available:
// half_ and native_ functions have float overloads only, so an int argument
// is not ambiguous for them (it is for sqrt, and fmax(double, float) is, as
// in clang).
func TestRegressBuiltinsFP64(t *testing.T) {
	src := "kernel void k(global float *o, global double *d) { o[0] = native_exp(2) + half_sqrt(2); d[0] = fmax(d[1], 1.0f); o[1] = sqrt(2); }"
	_, _, diags, _ := checkSourceAlways("t.cl", src, &Config{Extensions: []string{"cl_khr_fp64"}})
	var got []string
	for _, d := range diags.Diags {
		if d.Severity.String() == "error" {
			got = append(got, d.String())
		}
	}
	want := "t.cl:1:100: error: call to 'fmax' is ambiguous\nt.cl:1:125: error: call to 'sqrt' is ambiguous"
	if strings.Join(got, "\n") != want {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}
