//! kernel small_groups
//! global 256
//! local 8
//! arg buffer<int> 256 random(-1000,1000)
//! arg buffer<int> 768 out
//! options -cl-std=CL2.0

// Work-groups of 8 items and no barrier (the host driver runs several such
// groups at once): where a sub-group holds the whole work-group, its sum,
// inclusive scan and first value are the work-group's, which the reference
// (no sub-groups) and smaller sub-groups compute from the input.
kernel void small_groups(global const int *in, global int *out) {
  uint i = get_global_id(0), l = get_local_id(0);
  global const int *g = in + (i - l);
  int x = in[i], sum = 0, scan = 0;
  for (uint k = 0; k < get_local_size(0); k++) {
    sum += g[k];
    if (k <= l)
      scan += g[k];
  }
  int first = g[0];
#ifdef __opencl_c_subgroups
  if (get_max_sub_group_size() >= get_local_size(0)) {
    sum = sub_group_reduce_add(x);
    scan = sub_group_scan_inclusive_add(x);
    first = sub_group_broadcast(x, 0);
  }
#endif
  out[3 * i] = sum;
  out[3 * i + 1] = scan;
  out[3 * i + 2] = first;
}
