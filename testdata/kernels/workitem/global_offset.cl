//! kernel global_offset
//! global 64
//! local 16
//! arg buffer<uint> 192 out

// get_global_offset is 0 without an offset; ids then equal group*size+local.
kernel void global_offset(global uint *out) {
  size_t g = get_global_id(0);
  out[3 * g + 0] = get_global_offset(0);
  out[3 * g + 1] = g - get_global_offset(0) == get_group_id(0) * get_local_size(0) + get_local_id(0);
  out[3 * g + 2] = get_global_offset(1) + get_global_offset(2);
}
