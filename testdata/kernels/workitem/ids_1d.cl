//! kernel ids_1d
//! global 256
//! local 32
//! arg buffer<uint> 1536 out

// 1-D work-item functions: global/local/group ids and sizes and get_work_dim.
kernel void ids_1d(global uint *out) {
  size_t g = get_global_id(0);
  global uint *o = out + 6 * g;
  o[0] = get_local_id(0);
  o[1] = get_group_id(0);
  o[2] = get_global_size(0);
  o[3] = get_local_size(0);
  o[4] = get_num_groups(0);
  o[5] = get_work_dim();
}
