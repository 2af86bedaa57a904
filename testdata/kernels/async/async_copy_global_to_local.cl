//! kernel async_copy_global_to_local
//! global 128
//! local 32
//! arg buffer<int> 256 random
//! arg local<int> 64
//! arg buffer<int> 256 out

// async_work_group_copy from global to local memory (the CTS's
// async_copy_global_to_local): each group copies its 64 elements, then
// every work-item reads two of them back after wait_group_events.
kernel void async_copy_global_to_local(global const int *src, local int *l, global int *dst) {
  int lid = get_local_id(0);
  l[2 * lid] = 0;
  l[2 * lid + 1] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(l, src + 64 * get_group_id(0), (size_t)64, 0);
  wait_group_events(1, &e);
  dst[2 * get_global_id(0)] = l[2 * lid];
  dst[2 * get_global_id(0) + 1] = l[2 * lid + 1];
}
