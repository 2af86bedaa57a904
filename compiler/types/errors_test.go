package types

import (
	"strings"
	"testing"
)

// TestErrors checks wrong programs against the exact diagnostics they must
// give (errors and warnings; notes left out).
func TestErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"kernel void k(global float4 *o, global int4 *i) { o[0] = i[0]; }",
			"t.cl:1:59: error: assigning to 'float4' from incompatible type 'int4'"},
		{"kernel void k(global float *o) { float4 a; int4 b; o[0] = (a + b).x; }",
			"t.cl:1:62: error: invalid operands to binary expression ('float4' and 'int4')"},
		{"kernel void k(global float *o) { float4 a; float2 b; a = a * b; }",
			"t.cl:1:60: error: cannot convert between vector values of different size ('float4' and 'float2')"},
		{"kernel void k(global float *o) { int4 a; a = a + 1.5f; }",
			"t.cl:1:48: error: scalar operand type has greater rank than the type of the vector element ('int4' and 'float')"},
		{"kernel void k(global float *o) { float4 a; a.xx = (float2)(1.0f, 2.0f); }",
			"t.cl:1:46: error: vector is not assignable (contains duplicate components)"},
		{"kernel void k(global float *o) { float4 a = (float4)((int4)(1)); }",
			"t.cl:1:45: error: invalid conversion between ext-vector type 'int4' and 'float4'"},
		{"kernel void k(global float *o) { float2 a; a.z = 1.0f; }",
			"t.cl:1:46: error: vector component access exceeds type 'float2'"},
		{"kernel void k(global float *o, local float *l) { o = l; }",
			"t.cl:1:54: error: assigning '__local float *' to '__global float *' changes address space of pointer"},
		{"int f(void) { return 1; }\nkernel int k(global float *o) { return 0; }",
			"t.cl:2:12: error: kernel must have void return type"},
		{"kernel void k(float *o) { }",
			"t.cl:1:22: error: pointer arguments to kernel functions must reside in '__global', '__constant' or '__local' address space"},
		{"kernel void k(bool b) { }",
			"t.cl:1:20: error: 'bool' cannot be used as the type of a kernel parameter"},
		{"kernel void k(size_t n) { }",
			"t.cl:1:22: error: 'size_t' cannot be used as the type of a kernel parameter"},
		{"kernel void k(global int **p) { }",
			"t.cl:1:28: error: kernel parameter cannot be declared as a pointer to a pointer"},
		{"int g = 1;\nkernel void k(global int *p) { *p = g; }",
			"t.cl:1:5: error: program scope variable must reside in constant address space"},
		{"constant int g;",
			"t.cl:1:14: error: variable in constant address space must be initialized"},
		{"void f(void) { local int x; }",
			"t.cl:1:26: error: non-kernel function variable cannot be declared in local address space"},
		{"int f(int n) { return n ? f(n - 1) : 0; }",
			"t.cl:1:28: error: recursion is not supported in OpenCL C: 'f' calls itself"},
		{"int g(int n);\nint f(int n) { return g(n); }\nint g(int n) { return f(n); }",
			"t.cl:2:24: error: recursion is not supported in OpenCL C: 'g' calls 'f' calls 'g'"},
		{"kernel void k(global int *p) { goto out; *p = 2; }",
			"t.cl:1:37: error: use of undeclared label 'out'"},
		{"kernel void k(global int *p) { out: *p = 1; out: *p = 2; }",
			"t.cl:1:45: error: redefinition of label 'out'"},
		{"kernel void k(global int *p) { *p = y; }",
			"t.cl:1:37: error: use of undeclared identifier 'y'"},
		{"kernel void k(global double *p) { }",
			"t.cl:1:15: error: use of type 'double' requires cl_khr_fp64 support"},
		{"kernel void k(global float *p) { *p = 1.5; }",
			"t.cl:1:39: warning: double precision constant requires cl_khr_fp64, casting to single precision"},
		{"kernel void k(global half *p) { *p = *p; }",
			"t.cl:1:38: error: loading directly from pointer to type 'half' requires cl_khr_fp16. Use vector data load builtin functions instead"},
		{"kernel void k(global int4 *p) { *p = fmax(*p, *p); }",
			"t.cl:1:42: error: no matching function for call to 'fmax' with arguments ('int4', 'int4')"},
		{"int f(int a, int b) { return a; }\nkernel void k(global int *p) { *p = f(1); }",
			"t.cl:2:38: error: too few arguments to function call, expected 2, have 1"},
		{"int f(void) { }",
			"t.cl:1:15: warning: non-void function does not return a value in all control paths"},
		{"void f(void) { return 1; }",
			"t.cl:1:23: error: void function 'f' should not return a value"},
		{"kernel void k(global int *p) { const int c = 1; c = 2; }",
			"t.cl:1:49: error: cannot assign to variable 'c' with const-qualified type 'const int'"},
		{"kernel void k(global int *p) { break; }",
			"t.cl:1:32: error: 'break' statement not in loop or switch statement"},
		{"kernel void k(global int *p) { switch (*p) { case 1: case 1: break; } }",
			"t.cl:1:59: error: duplicate case value '1'"},
		{"kernel void k(global int *p) { int a[2] = {1, 2, 3}; }",
			"t.cl:1:50: warning: excess elements in array initializer"},
		{"struct S { int a; };\nkernel void k(global int *p) { struct S s; *p = s.b; }",
			"t.cl:2:51: error: no member named 'b' in 'struct S'"},
		{"kernel void k(global int *p) { int x; x(); }",
			"t.cl:1:40: error: called object type 'int' is not a function or function pointer"},
		{"kernel void k(global float *p) { float4 v = (float4)(1.0f, 2.0f); }",
			"t.cl:1:45: error: too few elements in vector initialization (expected 4 elements, have 2)"},
		{"kernel void k(global int *p) { int x = 1 / 0; }",
			"t.cl:1:44: warning: division by zero is undefined"},
		{"void f(void) {}\nvoid f(void) {}",
			"t.cl:2:6: error: redefinition of 'f'"},
		{"kernel void k(global float *p) { *p = convert_float4(1); }",
			"t.cl:1:53: error: no matching function for call to 'convert_float4' with arguments ('int')"},
		{"kernel void k(global float *p) { *p = as_float(1L); }",
			"t.cl:1:47: error: invalid reinterpretation: sizes of 'float' and 'long' must match"},
		{"kernel void k(global int *p) { int x; (x + 1) = 2; }",
			"t.cl:1:39: error: expression is not assignable"},
		{"kernel void k(global int *p) { float4 v; int *q = &v.x; }",
			"t.cl:1:51: error: address of vector element requested"},
		{"kernel void k(global int *p, local int *q) { *p = p == q; }",
			"t.cl:1:53: error: comparison between ('__global int *' and '__local int *') which are pointers to non-overlapping address spaces"},
		{"kernel void k(global int *p) { *p = sizeof(void); }",
			"t.cl:1:37: error: invalid application of 'sizeof' to a void type"},
	}
	for _, tc := range cases {
		_, _, diags, _ := checkSource("t.cl", tc.src, nil)
		var got []string
		for _, d := range diags.Diags {
			if d.Severity.String() != "note" {
				got = append(got, d.String())
			}
		}
		if strings.Join(got, "\n") != tc.want {
			t.Errorf("%s\ngot:\n%s\nwant:\n%s", tc.src, strings.Join(got, "\n"), tc.want)
		}
	}
}
