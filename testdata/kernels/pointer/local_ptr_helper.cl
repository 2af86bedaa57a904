//! kernel local_ptr_helper
//! global 128
//! local 32
//! arg buffer<int> 128 random(0,1000)
//! arg buffer<int> 128 out

// A __local pointer passed to a helper function.
void reverse_local(local int *buf, int n, int lid) {
  int t = buf[n - 1 - lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  buf[lid] = t;
  barrier(CLK_LOCAL_MEM_FENCE);
}

kernel void local_ptr_helper(global const int *in, global int *out) {
  local int tmp[32];
  int lid = get_local_id(0);
  tmp[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  reverse_local(tmp, 32, lid);
  out[get_global_id(0)] = tmp[lid] + lid;
}
