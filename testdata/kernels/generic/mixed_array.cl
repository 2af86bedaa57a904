//! kernel mixed_array
//! global 64
//! local 16
//! arg buffer<int> 64 random(0,100)
//! arg buffer<int> 64 out
//! options -cl-std=CL3.0

// Generic pointers into __global, __local and __private memory kept side
// by side in one array, read back by a run-time index, written through,
// and asked for their space with to_local and get_fence. The reference
// (PoCL, without the generic address space) computes the same from the
// index.
kernel void mixed_array(global int *in, global int *out) {
  local int tmp[16];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  int priv = gid * 3;
  tmp[lid] = in[gid] + 1000;
  barrier(CLK_LOCAL_MEM_FENCE);
  int k = (in[gid] + lid) % 3;
  int r;
#ifdef __opencl_c_generic_address_space
  int *ptrs[3] = {&in[gid], &tmp[lid], &priv};
  int *p = ptrs[k];
  *p += 5;
  r = *p * 4 + (to_local(p) != NULL) * 100000 + (int)get_fence(p) * 1000000;
#else
  if (k == 0) {
    in[gid] += 5;
    r = in[gid] * 4 + CLK_GLOBAL_MEM_FENCE * 1000000;
  } else if (k == 1) {
    tmp[lid] += 5;
    r = tmp[lid] * 4 + 100000 + CLK_LOCAL_MEM_FENCE * 1000000;
  } else {
    priv += 5;
    r = priv * 4;
  }
#endif
  out[gid] = r + priv + tmp[lid];
}
