//! kernel local_minmax
//! global 1024
//! local 256
//! arg buffer<int> 1024 random(-50000,50000)
//! arg buffer<int> 8 out

// Local atomic_min / atomic_max, one result pair per work-group.
kernel void local_minmax(global const int *in, global int *out) {
  local int mm[2];
  int l = get_local_id(0);
  if (l == 0) { mm[0] = INT_MAX; mm[1] = INT_MIN; }
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_min(&mm[0], in[get_global_id(0)]);
  atomic_max(&mm[1], in[get_global_id(0)]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 2) out[2 * get_group_id(0) + l] = mm[l];
}
