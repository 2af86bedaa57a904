//! kernel packed_groups_3
//! global 39,2
//! local 3,1
//! arg buffer<uint> 624 out
//! arg buffer<uint> 78 random
//! options -cl-std=CL2.0

// Work-groups of three work-items: two to a chunk of 8 lanes on the host
// device (driver/host/pack.go), 13 groups a row (6 runs and one left).
// Local ids, group ids and a divergent branch per work-item.
kernel void packed_groups_3(global uint *out, global const uint *in) {
  size_t x = get_global_id(0), y = get_global_id(1);
  size_t i = y * get_global_size(0) + x;
  global uint *o = out + 8 * i;
  o[0] = get_local_id(0) + 10 * get_local_linear_id();
  o[1] = get_group_id(0) + 1000 * get_group_id(1);
  o[2] = get_num_groups(0) * 100 + get_num_groups(1);
  o[3] = get_local_size(0) + 10 * get_local_size(1);
  o[4] = get_global_linear_id();
  o[5] = x + 1000 * y;
  o[6] = get_group_id(0) * get_local_size(0) + get_local_id(0) == x;
  uint v = in[i];
  if (v & 1)
    v = v / (get_local_id(0) + 1);
  else
    v = v * (get_group_id(0) + 3);
  o[7] = v;
}
