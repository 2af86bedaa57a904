//! kernel async_copy_private_local
//! global 64
//! local 64
//! arg buffer<ulong> 100 random
//! arg buffer<ulong> 100 out

// A copy into a kernel-scope __local array, longer than the work-group
// (each work-item copies one or two elements).
kernel void async_copy_private_local(global const ulong *src, global ulong *dst) {
  local ulong a[100];
  event_t e = async_work_group_copy(a, src, 100, 0);
  wait_group_events(1, &e);
  int lid = get_local_id(0);
  dst[lid] = a[99 - lid] + 1;
  if (lid + 64 < 100)
    dst[lid + 64] = a[35 - lid];
}
