//! kernel barrier_uniform_loop
//! global 256
//! local 32
//! arg buffer<int> 256 random(0,10)
//! arg buffer<int> 256 out

// A loop whose trip count depends on the group id (uniform per group) with a barrier inside.
kernel void barrier_uniform_loop(global const int *in, global int *out) {
  local int a[32];
  int l = get_local_id(0);
  a[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  int n = get_group_id(0) + 1;
  for (int it = 0; it < n; it++) {
    int v = a[l] + a[(l + 1) & 31];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[l] = v & 0xFFFF;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = a[l];
}
