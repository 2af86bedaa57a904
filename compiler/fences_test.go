package compiler

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestSerialWorkgroupFences: with Features.SerialWorkgroups (lavapipe)
// fences of Workgroup and Subgroup scope are left out and atomics of those
// scopes carry no memory semantics, while Device-scope fences and control
// barriers keep theirs; without it every fence is emitted; with
// FenceByAtomic as well, Device-scope fences are atomic increments and
// Device-scope atomics have no order. Every module passes spirv-val.
func TestSerialWorkgroupFences(t *testing.T) {
	const src = `kernel void k(global atomic_int *g, global int *out) {
  local atomic_int l;
  atomic_init(&l, 0);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  int e = 0;
  atomic_compare_exchange_strong_explicit(&l, &e, 1, memory_order_acq_rel, memory_order_acquire, memory_scope_work_group);
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_sub_group);
  out[0] = atomic_fetch_add_explicit(&l, 1, memory_order_seq_cst, memory_scope_work_group);
  mem_fence(CLK_LOCAL_MEM_FENCE);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  out[1] = atomic_fetch_add_explicit(g, 1, memory_order_acq_rel, memory_scope_device);
}
kernel void old(local int *l, global int *out) { out[0] = atomic_inc(l) + atomic_cmpxchg(l, 1, 2); }`
	count := func(serial bool) (fences, wgFences, orderedWG int) {
		fences, wgFences, orderedWG, _, _ = countFences(t, src, serial, false)
		return
	}
	if f, wg, o := count(false); wg != 5 || f != 6 || o != 2 {
		t.Errorf("without SerialWorkgroups: %d fences, %d of work-group or sub-group scope (want 6, 5: two around the compare-exchange); %d ordered work-group atomics (want 2: fetch_add, atomic_inc)", f, wg, o)
	}
	if f, wg, o := count(true); wg != 0 || f != 1 || o != 0 {
		t.Errorf("with SerialWorkgroups: %d fences, %d of work-group or sub-group scope (want 1, 0); %d ordered work-group atomics (want 0)", f, wg, o)
	}
	// FenceByAtomic too: the Device-scope fence is an increment of the
	// fence word, and the device-scope fetch_add has no order.
	if f, _, _, incs, ordered := countFences(t, src, true, true); f != 0 || incs != 1 || ordered != 0 {
		t.Errorf("with FenceByAtomic: %d fences (want 0), %d fence-word increments (want 1), %d ordered device atomics (want 0)", f, incs, ordered)
	}
}

// countFences compiles src with the given fence options, checks it with
// spirv-val and counts its fences (all, and those of Workgroup or
// Subgroup scope), the ordered atomics of Workgroup and of Device scope,
// and the increments of the fence word.
func countFences(t *testing.T, src string, serial, byAtomic bool) (fences, wgFences, orderedWG, incs, orderedDev int) {
	t.Helper()
	opts := DefaultOptions()
	opts.Std = 300
	opts.Features = AllFeatures
	opts.Features.SerialWorkgroups = serial
	opts.Features.FenceByAtomic = byAtomic
	r, err := CompileFile("k.cl", src, opts)
	if err != nil {
		t.Fatalf("serial=%v byAtomic=%v: %v\n%s", serial, byAtomic, err, r.Diagnostics.Render(func(string) (string, bool) { return src, true }))
	}
	for _, env := range []TargetEnv{Vulkan11, Vulkan13} {
		opts.TargetEnv = env
		r, err := CompileFile("k.cl", src, opts)
		if err != nil {
			t.Fatalf("%s: %v", env, err)
		}
		if err := spirvtest.Check(t, r.Module.Words(), string(env)); err != nil {
			t.Errorf("serial=%v byAtomic=%v, %s: %v", serial, byAtomic, env, err)
		}
	}
	dis := spirv.Disassemble(r.Module, spirv.DisOptions{})
	// Scopes: Device 1, Workgroup 2, Subgroup 3.
	fences = len(regexp.MustCompile(`OpMemoryBarrier`).FindAllString(dis, -1))
	wgFences = len(regexp.MustCompile(`OpMemoryBarrier %uint_[23] `).FindAllString(dis, -1))
	// An atomic whose semantics have an order bit (Acquire 2, Release
	// 4, AcquireRelease 8, SequentiallyConsistent 16), of Workgroup
	// (2) or Device (1) scope.
	for _, m := range regexp.MustCompile(`OpAtomic\w+ %uint %\w+ %uint_([12]) %uint_(\d+)`).FindAllStringSubmatch(dis, -1) {
		if sem, _ := strconv.Atoi(m[2]); sem&0x1e != 0 {
			if m[1] == "2" {
				orderedWG++
			} else {
				orderedDev++
			}
		}
	}
	incs = len(regexp.MustCompile(`OpAtomicIIncrement %uint %__clgo_fence_word`).FindAllString(dis, -1))
	return
}
