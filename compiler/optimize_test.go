package compiler

import (
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// The default options run spirv/opt: a loop's locals become phis, not
// Function variables; -cl-opt-disable keeps lower's output as it was.
func TestOptimizeOption(t *testing.T) {
	const src = `kernel void k(global int *out, int n) {
	int s = 0;
	for (int i = 0; i < n; i++)
		s += i * i;
	out[get_global_id(0)] = s;
}`
	count := func(m *spirv.Module, op spirv.Op) int {
		n := 0
		m.Walk(func(in *spirv.Instruction) {
			if in.Op == op {
				n++
			}
		})
		return n
	}
	for _, tc := range []struct {
		options  string
		vars     int
		wantPhis bool
	}{
		{"", 0, true},
		{"-cl-opt-disable", 2, false},
	} {
		opts, err := ParseOptions(tc.options)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Compile(src, opts)
		if err != nil {
			t.Fatal(err)
		}
		spirvtest.ValidateModule(t, res.Module, "")
		vars := 0
		res.Module.Walk(func(in *spirv.Instruction) {
			if in.Op == spirv.OpVariable && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassFunction {
				vars++
			}
		})
		if vars != tc.vars || (count(res.Module, spirv.OpPhi) > 0) != tc.wantPhis {
			t.Errorf("options %q: %d Function variables (want %d), %d phis", tc.options, vars, tc.vars, count(res.Module, spirv.OpPhi))
		}
	}
}
