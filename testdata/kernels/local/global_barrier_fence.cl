//! kernel global_barrier_fence
//! global 128
//! local 128
//! arg buffer<int> 128 zero

// barrier with CLK_GLOBAL_MEM_FENCE orders global writes within the work-group.
kernel void global_barrier_fence(global int *buf) {
  int l = get_local_id(0);
  buf[l] = l * 3;
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  int v = buf[127 - l];
  barrier(CLK_GLOBAL_MEM_FENCE);
  buf[l] = v + l;
}
