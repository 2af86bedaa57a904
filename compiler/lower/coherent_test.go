package lower_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestCoherentForDeviceOrder: global buffers are Coherent exactly where
// the module orders memory across the device (an acquire or release at
// memory_scope_device or wider), so that plain loads after the order do
// not hit a cache the writes never reached.
func TestCoherentForDeviceOrder(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      bool
	}{
		{"flag lock (CTS atomic_flag)", `kernel void k(global atomic_flag *f, global uint *v) {
			while (atomic_flag_test_and_set_explicit(f, memory_order_relaxed, memory_scope_device)) ;
			atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
			v[0]++;
			atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
			atomic_flag_clear_explicit(f, memory_order_relaxed, memory_scope_device); }`, true},
		{"acquire load", `kernel void k(global atomic_int *a, global int *v) {
			if (atomic_load_explicit(a, memory_order_acquire, memory_scope_device)) v[1] = v[0]; }`, true},
		{"seq_cst default", `kernel void k(global atomic_int *a, global int *v) { v[0] = 1; atomic_store(a, 1); }`, true},
		{"work-group scope", `kernel void k(global atomic_int *a, global int *v) {
			v[0] = 1; atomic_store_explicit(a, 1, memory_order_release, memory_scope_work_group); }`, false},
		{"relaxed counter", `kernel void k(global int *c, global int *v) { v[atomic_inc(c)] = 1; }`, false},
		{"local barrier", `kernel void k(global int *v, local int *t) { t[0] = 1; barrier(CLK_LOCAL_MEM_FENCE); v[0] = t[0]; }`, false},
	} {
		opts := compiler.DefaultOptions()
		opts.Std = 300
		res, err := compiler.Compile(c.src, opts)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		spirvtest.ValidateModule(t, res.Module, string(opts.TargetEnv))
		coherent := map[spirv.ID]bool{}
		for _, in := range res.Module.Annotations {
			if in.Op == spirv.OpDecorate && spirv.Decoration(in.Operands[1]) == spirv.DecorationCoherent {
				coherent[spirv.ID(in.Operands[0])] = true
			}
		}
		n, marked := 0, 0
		for _, in := range res.Module.Globals {
			if in.Op == spirv.OpVariable && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassStorageBuffer {
				n++
				if coherent[in.Result] {
					marked++
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no storage buffer", c.name)
		}
		if want := map[bool]int{true: n, false: 0}[c.want]; marked != want {
			t.Errorf("%s: %d of %d storage buffers Coherent, want %d", c.name, marked, n, want)
		}
	}
}
