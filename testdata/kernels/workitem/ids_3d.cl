//! kernel ids_3d
//! global 8,4,4
//! local 2,2,2
//! arg buffer<uint> 512 out

// 3-D work-item functions and the linear index built from them.
kernel void ids_3d(global uint *out) {
  size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  size_t lin = (z * get_global_size(1) + y) * get_global_size(0) + x;
  uint l = get_local_id(0) + 2 * get_local_id(1) + 4 * get_local_id(2);
  uint gr = get_group_id(0) + 4 * get_group_id(1) + 8 * get_group_id(2);
  out[4 * lin + 0] = l;
  out[4 * lin + 1] = gr;
  out[4 * lin + 2] = get_work_dim();
  out[4 * lin + 3] = get_local_size(0) * get_local_size(1) * get_local_size(2);
}
