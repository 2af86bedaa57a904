//! kernel flag_init_fence
//! global 128
//! local 32
//! arg buffer<int> 128 out
//! arg buffer<int> 4 [0,0,0,0]
//! options -cl-std=CL3.0

// atomic_flag in local memory: one work-item per group wins
// test_and_set, the winner counts, clears the flag after a barrier and
// the next round is won once again. atomic_init on local atomics,
// ATOMIC_VAR_INIT and ATOMIC_FLAG_INIT, atomic_work_item_fence and the
// OpenCL C 2.0 work_group_barrier(flags, scope).
kernel void flag_init_fence(global int *out, global atomic_int *wins) {
  local atomic_flag flag;
  local atomic_int count;
  int l = get_local_id(0);
  int z = ATOMIC_VAR_INIT(5) + ATOMIC_FLAG_INIT;
  if (l == 0) {
    atomic_flag_clear(&flag);
    atomic_init(&count, z);
  }
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
  int r = 0;
  if (!atomic_flag_test_and_set(&flag)) {
    r = 1;
    atomic_fetch_add_explicit(&count, 1, memory_order_relaxed, memory_scope_work_group);
  }
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 5)
    atomic_flag_clear_explicit(&flag, memory_order_release);
  work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_scope_device);
  if (!atomic_flag_test_and_set_explicit(&flag, memory_order_acquire, memory_scope_work_group))
    r += 2;
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = r;
  if (l == 0)
    atomic_fetch_add(&wins[get_group_id(0) & 3], atomic_load(&count));
}
