//! kernel local_reduce_max
//! global 1024
//! local 128
//! arg buffer<int> 1024 random(-100000,100000)
//! arg local<int> 128
//! arg buffer<int> 8 out

// Tree reduction to the maximum through a __local pointer argument.
kernel void local_reduce_max(global const int *in, local int *s, global int *out) {
  int l = get_local_id(0);
  s[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int w = get_local_size(0) / 2; w > 0; w /= 2) {
    if (l < w) s[l] = max(s[l], s[l + w]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) out[get_group_id(0)] = s[0];
}
