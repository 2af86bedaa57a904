package types

import (
	"fmt"
	"testing"
)

// TestGenericExprTypes: under OpenCL C 2.0 an unqualified pointer points
// into the generic address space; named spaces other than __constant
// convert to it, a named space and generic meet in generic in ?:, and the
// address space qualifier functions give a pointer into their space (or
// the fence flags).
func TestGenericExprTypes(t *testing.T) {
	cases := []struct{ expr, want string }{
		{"gen", "__generic int *"},
		{"i ? gen : gp", "__generic int *"},
		{"i ? lp : gen", "__generic int *"},
		{"i ? (int *)gp : (int *)lp", "__generic int *"},
		{"to_global(gen)", "__global int *"},
		{"to_local(gen)", "__local int *"},
		{"to_private(gen)", "int *"}, // a private pointer prints unqualified
		{"to_global(cgen)", "const __global int *"},
		{"to_local(gp)", "__local int *"},
		{"get_fence(gen)", "cl_mem_fence_flags"},
		{"(global int *)gen", "__global int *"},
		{"gen == gp", "int"},
		{"take(gp) + take(lp) + take(&i)", "int"},
		{"fract(f, &f)", "float"},
		{"fract(f, fgen)", "float"},
	}
	for _, tc := range cases {
		src := fmt.Sprintf(`int take(int *p) { return *p; }
void f(global int *gp, local int *lp, int *gen, const int *cgen, float *fgen) {
	int i; float f;
	(%s);
}`, tc.expr)
		_, info, diags, file := checkSource("t.cl", src, &Config{Std: 200})
		if diags.HasErrors() {
			t.Errorf("%s: unexpected errors:\n%s", tc.expr, diagLines(diags))
			continue
		}
		e := lastExprStmt(file)
		if e == nil {
			t.Errorf("%s: no expression found", tc.expr)
			continue
		}
		if got := info.Types[e].Type.String(); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.expr, got, tc.want)
		}
	}
}
