//! kernel local_arg
//! global 96
//! local 32
//! arg buffer<uint> 96 random(0,15)
//! arg local<uint> 16
//! arg buffer<uint> 48 out
//! options -cl-std=CL3.0

// A __local atomic_uint * kernel argument (a Workgroup array sized by the
// host) as a 16-bin histogram, with relaxed work-group-scope increments,
// an acquire load and a release store.
kernel void local_arg(global const uint *x, local atomic_uint *bins, global uint *out) {
  size_t l = get_local_id(0);
  if (l < 16)
    atomic_store_explicit(&bins[l], 0u, memory_order_release, memory_scope_work_group);
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
  atomic_fetch_add_explicit(&bins[x[get_global_id(0)]], 1u, memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_or_explicit(&bins[15], 0x100u << (l & 7), memory_order_acq_rel, memory_scope_work_group);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 16)
    out[get_group_id(0) * 16 + l] = atomic_load_explicit(&bins[l], memory_order_acquire, memory_scope_work_group);
}
