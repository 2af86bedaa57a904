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
	}
	for _, tc := range cases {
		_, _, diags, _ := checkSourceAlways("t.cl", tc.src, &Config{})
		got := strings.TrimSpace(diagLines(diags))
		if got != tc.want {
			t.Errorf("%s\ngot:\n%s\nwant:\n%s", tc.src, got, tc.want)
		}
	}
}
