//! kernel packed_groups_1
//! global 37,3
//! local 1,1
//! arg buffer<uint> 888 out
//! arg buffer<uint> 111 out
//! arg buffer<uint> 111 random
//! options -cl-std=CL2.0

// Work-groups of one work-item, as hashcat launches on CPU devices: the
// host device runs several such groups side by side in one chunk
// (driver/host/pack.go). Every work-item function, and a loop whose trip
// count differs per work-item (lanes of different groups diverge).
// 37 groups in x: runs of 8 and the 5 left at each row's end.
kernel void packed_groups_1(global uint *out, global uint *h, global const uint *in) {
  size_t x = get_global_id(0), y = get_global_id(1);
  size_t i = y * get_global_size(0) + x;
  global uint *o = out + 8 * i;
  o[0] = get_local_id(0) + 10 * get_local_id(1) + 100 * get_local_linear_id();
  o[1] = get_group_id(0) + 1000 * get_group_id(1);
  o[2] = get_num_groups(0) * 100 + get_num_groups(1);
  o[3] = get_local_size(0) + 10 * get_local_size(1) + 100 * get_enqueued_local_size(0);
  o[4] = get_global_size(0) * 100 + get_global_size(1);
  o[5] = x + 1000 * y;
  o[6] = get_global_linear_id();
  o[7] = get_group_id(0) * get_local_size(0) + get_local_id(0) + get_global_offset(0) == x;
  uint v = in[i];
  for (uint r = 0; r < (in[i] & 15); r++)
    v = rotate(v * 0x9E3779B9u, 7u) ^ (uint)i;
  h[i] = v;
}
