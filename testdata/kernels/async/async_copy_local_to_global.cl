//! kernel async_copy_local_to_global
//! global 64
//! local 16
//! arg buffer<float4> 64 random
//! arg local<float4> 16
//! arg buffer<float4> 64 out

// async_work_group_copy from local to global memory of a vector type.
kernel void async_copy_local_to_global(global const float4 *src, local float4 *l, global float4 *dst) {
  int lid = get_local_id(0);
  l[lid] = src[get_global_id(0)] * 2.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e;
  e = async_work_group_copy(dst + 16 * get_group_id(0), (const local float4 *)l, 16, 0);
  wait_group_events(1, &e);
}
