//! kernel cas_fence_loop
//! global 128
//! local 64
//! arg buffer<int> 128 out
//! options -cl-std=CL3.0

// A relaxed compare-exchange loop with an acquire fence in its body, whose
// trip count differs between sub-groups: each work-item claims the first
// free slot of its work-group, so all of them finish and every slot is
// taken once. out[i] is 1 (work-item i won a slot) + 2 (slot i is taken):
// 3 everywhere. Mesa 22.3's lavapipe ran the fence as a work-group control
// barrier and lost all sub-groups but one (out never written for work-items
// 8 to 63 of each group) until the compiler left out Workgroup-scope
// fences there (driver.Caps.SerialWorkgroups, compiler/lower/fence.go);
// the CTS's test_c11_atomics atomic_flag has the same loop.
kernel void cas_fence_loop(global int *out) {
  local atomic_int slot[64];
  int l = get_local_id(0);
  atomic_init(&slot[l], 0);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  int won = 0;
  for (int i = 0; i < 64 && !won; i++) {
    int e = 0;
    won = atomic_compare_exchange_strong_explicit(&slot[i], &e, l + 1, memory_order_relaxed, memory_order_relaxed, memory_scope_work_group);
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
  }
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = won + 2 * (atomic_load_explicit(&slot[l], memory_order_relaxed, memory_scope_work_group) != 0);
}
