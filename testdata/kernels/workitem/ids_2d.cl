//! kernel ids_2d
//! global 16,8
//! local 4,2
//! arg buffer<uint> 1024 out

// 2-D work-item functions; dimension 2 reports size 1 and id 0.
kernel void ids_2d(global uint *out) {
  size_t x = get_global_id(0), y = get_global_id(1);
  global uint *o = out + 8 * (y * get_global_size(0) + x);
  o[0] = get_local_id(0) + 10 * get_local_id(1);
  o[1] = get_group_id(0) + 10 * get_group_id(1);
  o[2] = get_num_groups(0) * 100 + get_num_groups(1);
  o[3] = get_global_size(2);
  o[4] = get_global_id(2);
  o[5] = get_local_size(1);
  o[6] = get_work_dim();
  o[7] = get_local_size(2) + get_num_groups(2);
}
