//! kernel reqd
//! global 128
//! local 32
//! arg buffer<int> 128 out

// __attribute__((reqd_work_group_size)) fixes the local size; a __local array sized to it.
__attribute__((reqd_work_group_size(32, 1, 1)))
kernel void reqd(global int *out) {
  local int t[32];
  int l = get_local_id(0);
  t[l] = l * l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[31 - l] + get_local_size(0);
}
