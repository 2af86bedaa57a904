//! kernel async_strided_global_to_local
//! global 32
//! local 8
//! arg buffer<short2> 128 random
//! arg local<short2> 10
//! arg buffer<short2> 40 out

// async_work_group_strided_copy from global to local memory: every
// fourth element of the group's slice, 10 elements for 8 work-items (so
// some copy two), chained events and a wait on two of them.
kernel void async_strided_global_to_local(global const short2 *src, local short2 *l, global short2 *dst) {
  int lid = get_local_id(0);
  event_t ev[2];
  ev[0] = async_work_group_strided_copy(l, src + 32 * get_group_id(0), 5, 4, 0);
  ev[1] = async_work_group_strided_copy(l + 5, src + 32 * get_group_id(0) + 2, 5, 4, ev[0]);
  wait_group_events(2, ev);
  if (lid < 5) {
    dst[10 * get_group_id(0) + 2 * lid] = l[2 * lid];
    dst[10 * get_group_id(0) + 2 * lid + 1] = l[2 * lid + 1];
  }
}
