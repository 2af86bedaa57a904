//! options -cl-std=CL2.0
// The cluster size of sub_group_clustered_reduce_* must be a constant power
// of two (cl_khr_subgroup_clustered_reduce).
kernel void k(global int *out, uint n) {
  int x = out[get_global_id(0)];
  out[0] = sub_group_clustered_reduce_add(x, n);
  out[1] = sub_group_clustered_reduce_max(x, 3);
  out[2] = sub_group_clustered_reduce_min(x, 4);
}
