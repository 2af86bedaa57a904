//! kernel out_of_range_dim
//! global 32
//! local 32
//! arg buffer<uint> 256 out

// Work-item functions for dimensions beyond get_work_dim() (size 1, id 0), with constant and run-time indices.
// (Indices >= 3 are left out: PoCL returns 0 there where the spec says 1.)
kernel void out_of_range_dim(global uint *out) {
  size_t g = get_global_id(0);
  uint d = (uint)g % 3;
  out[8 * g + 0] = get_global_size(2);
  out[8 * g + 1] = get_global_id(1);
  out[8 * g + 2] = get_local_size(2);
  out[8 * g + 3] = get_global_size(d);
  out[8 * g + 4] = get_local_id(d);
  out[8 * g + 5] = get_num_groups(d);
  out[8 * g + 6] = get_group_id(d);
  out[8 * g + 7] = get_global_offset(d);
}
