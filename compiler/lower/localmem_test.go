package lower_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

// A kernel's own __local variables are its CL_KERNEL_LOCAL_MEM_SIZE; its __local arguments are not (the
// runtime adds those as they are set).
func TestKernelLocalMemSize(t *testing.T) {
	src := `void helper(global int *d, local float4 *h) { h[0] = 1; d[1] = h[0].x; }
	kernel void loc(global int *d) { local int a[10]; a[get_local_id(0)] = 1;
		local float4 h[3];
		barrier(CLK_LOCAL_MEM_FENCE); d[0] = a[0]; helper(d, h); }
	kernel void arg(global int *d, local int *l) { l[0] = 1; d[0] = l[0]; }
	kernel void none(global int *d) { d[0] = 1; }
	kernel void copy(global const short *s, global short *d) { local short3 b[5];
		event_t e = async_work_group_copy(b, (global const short3 *)s, 5, 0);
		wait_group_events(1, &e); d[0] = b[1].y; }`
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	r, err := spirv.ReadReflection(res.Module)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]uint64{"loc": 40 + 48, "arg": 0, "none": 0, "copy": 40}
	for _, k := range r.Kernels {
		if k.LocalMemSize != want[k.Name] {
			t.Errorf("kernel %s: LocalMemSize %d, want %d", k.Name, k.LocalMemSize, want[k.Name])
		}
	}
}
