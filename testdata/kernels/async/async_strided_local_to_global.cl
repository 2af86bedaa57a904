//! kernel async_strided_local_to_global
//! global 32
//! local 16
//! arg buffer<uchar3> 32 random
//! arg local<uchar3> 16
//! arg buffer<uchar3> 96 zero

// async_work_group_strided_copy from local to global memory of a
// 3-component type: element i goes to dst[3*i].
kernel void async_strided_local_to_global(global const uchar3 *src, local uchar3 *l, global uchar3 *dst) {
  int lid = get_local_id(0);
  l[lid] = src[get_global_id(0)] + (uchar3)(1, 2, 3);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_strided_copy(dst + 48 * get_group_id(0), l, 16, 3, 0);
  wait_group_events(1, &e);
}
