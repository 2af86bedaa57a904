//! kernel barrier_uniform_branch
//! global 256
//! local 64
//! arg buffer<int> 256 random(0,100)
//! arg buffer<int> 256 out
//! arg int 1

// Barriers in a branch whose condition is the same for the whole work-group (uniform divergence).
kernel void barrier_uniform_branch(global const int *in, global int *out, int mode) {
  local int a[64];
  int l = get_local_id(0);
  a[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  int r;
  if ((get_group_id(0) & 1) == mode) {
    r = a[63 - l];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[l] = r * 2;
    barrier(CLK_LOCAL_MEM_FENCE);
  } else {
    r = a[(l + 32) % 64];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[l] = r + 1000;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = a[l] + a[0];
}
