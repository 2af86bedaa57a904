//! kernel fence_loop_device
//! global 128
//! local 64
//! arg buffer<int> 128 out
//! arg buffer<int> 128 zero
//! options -cl-std=CL3.0

// cas_fence_loop.cl in global memory with a Device-scope fence: each
// work-item claims the first free slot of 128 with a relaxed
// compare-exchange, an acquire fence of device scope in the loop's body,
// so every work-item wins one slot: out and slot are 1 everywhere.
// lavapipe ran the fence as a work-group control barrier and lost all
// sub-groups but one of each group; it is now an atomic increment there
// (driver.Caps.FenceByAtomic, compiler/lower/fence.go).
kernel void fence_loop_device(global int *out, global atomic_int *slot) {
  int won = 0;
  for (int i = 0; i < 128 && !won; i++) {
    int e = 0;
    won = atomic_compare_exchange_strong_explicit(&slot[i], &e, 1, memory_order_relaxed, memory_order_relaxed, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
  }
  out[get_global_id(0)] = won;
}
