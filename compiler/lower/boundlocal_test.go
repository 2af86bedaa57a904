package lower_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestBoundWorkgroup: with Features.BoundWorkgroupAccess every __local
// index that is not provably in range goes through one UMin (fixed arrays,
// __local arguments sized by spec constants, 2-D arrays, atomics, async
// copies), provably in-range ones (constants, n & 15, n % 16) do not, and
// without the feature nothing is clamped. Each module passes spirv-val.
func TestBoundWorkgroup(t *testing.T) {
	src := `kernel void k(global int *o, int n, local float4 *la, local int *lb) {
	local int l[16];
	local char c[3][5];
	uint i = get_local_id(0);
	l[i] = 1;                     // 1
	barrier(CLK_LOCAL_MEM_FENCE);
	l[i + n] = 7;                 // 2
	c[n][n + 1] = 2;              // 3, 4
	la[n].y = 3;                  // 5 (and the constant .y stays)
	atomic_add(&l[n], 2);         // 6
	lb[n] = 1;                    // 7
	l[3] = 5;
	l[n & 15] = 6;
	l[n % 16u] = 6;
	c[2][4] = 1;
	barrier(CLK_LOCAL_MEM_FENCE);
	event_t e = async_work_group_copy(o, lb, 4, 0);  // inside the copy loop
	wait_group_events(1, &e);
	o[get_global_id(0)] = l[i] + c[1][n]; // 8, 9
}`
	for _, bound := range []bool{false, true} {
		opts := compiler.DefaultOptions()
		opts.Features.BoundWorkgroupAccess = bound
		// The count is lowering's: spirv/opt's CSE merges the clamps of
		// equal indices (l[i] stored and loaded).
		opts.Optimize = false
		res, err := compiler.Compile(src, opts)
		if err != nil {
			t.Fatalf("bound %v: %v", bound, err)
		}
		spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
		umins := 0
		res.Module.Walk(func(in *spirv.Instruction) {
			if in.Op == spirv.OpExtInst && len(in.Operands) > 1 && spirv.GLSLstd450(in.Operands[1]) == spirv.GLSLstd450UMin {
				umins++
			}
		})
		switch {
		case !bound && umins != 0:
			t.Errorf("without the feature: %d UMin, want none", umins)
		case bound && umins < 10:
			// 9 in the kernel's own code and at least one in the copy loop.
			t.Errorf("with the feature: %d UMin, want at least 10", umins)
		case bound && umins > 12:
			t.Errorf("with the feature: %d UMin, want at most 12 (in-range indices must stay unclamped)", umins)
		}
		t.Logf("bound %v: %d UMin", bound, umins)
	}
}
