//! kernel extended_types
//! global 96
//! local 48
//! arg buffer<long> 96 random(-1000000000000,1000000000000)
//! arg buffer<uint> 96 out
//! options -cl-std=CL2.0

// Sub-group operations on long, ulong, char, uchar and short (Vulkan's
// shaderSubgroupExtendedTypes) and cl_khr_subgroup_extended_types' vector
// broadcasts, each work-item checking itself against its
// sub-group's members gathered in local memory, so that nothing depends on
// the sub-group size; bad[i] holds the failed checks, 0 everywhere (and on
// a reference without sub-groups, which checks nothing).
#if defined(__opencl_c_subgroups) && defined(cl_khr_subgroup_non_uniform_arithmetic) && defined(cl_khr_subgroup_shuffle) && defined(cl_khr_subgroup_ballot)
#define HAVE 1
#endif
kernel void extended_types(global const long *in, global uint *bad) {
  uint l = get_local_id(0), i = get_global_id(0);
  long x = in[i];
  uint fail = 0;
#ifdef HAVE
  local uint sg[48], sl[48];
  local long v[48];
  sg[l] = get_sub_group_id();
  sl[l] = get_sub_group_local_id();
  v[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  long sum = 0, mx = LONG_MIN, first = 0;
  ulong umn = ULONG_MAX;
  int csum = 0;
  char cmin = CHAR_MAX;
  short smax = SHRT_MIN;
  for (uint j = 0; j < get_local_size(0); j++) {
    if (sg[j] != sg[l])
      continue;
    sum += v[j];
    mx = max(mx, v[j]);
    umn = min(umn, (ulong)v[j]);
    csum += (char)v[j];
    cmin = min(cmin, (char)v[j]);
    smax = max(smax, (short)v[j]);
    if (sl[j] == 0)
      first = v[j];
  }
  if (sub_group_reduce_add(x) != sum) fail |= 1u << 0;
  if (sub_group_reduce_max(x) != mx) fail |= 1u << 1;
  if (sub_group_reduce_min((ulong)x) != umn) fail |= 1u << 2;
  if (sub_group_broadcast(x, 0) != first) fail |= 1u << 3;
  if (sub_group_non_uniform_reduce_add((char)x) != (char)csum) fail |= 1u << 4;
  if (sub_group_non_uniform_reduce_min((char)x) != cmin) fail |= 1u << 5;
  if (sub_group_non_uniform_reduce_max((short)x) != smax) fail |= 1u << 6;
  if (sub_group_shuffle((short)x, 0) != (short)first) fail |= 1u << 7;
  if (sub_group_shuffle((uchar)x, 0) != (uchar)first) fail |= 1u << 8;
  if (any(sub_group_non_uniform_broadcast((char4)((char)x, 1, 2, 3), 0) != (char4)((char)first, 1, 2, 3))) fail |= 1u << 9;
#ifdef cl_khr_subgroup_extended_types
  if (sub_group_reduce_add((char)x) != (char)csum) fail |= 1u << 10;
  if (sub_group_reduce_max((short)x) != smax) fail |= 1u << 11;
  if (sub_group_scan_inclusive_min((uchar)x) > (uchar)x) fail |= 1u << 12;
  if (any(sub_group_broadcast((float8)((float)x), 0) != (float8)((float)first))) fail |= 1u << 13;
  if (any(sub_group_broadcast((long3)(x, -x, 7), 0) != (long3)(first, -first, 7))) fail |= 1u << 14;
#endif
#endif
  bad[i] = fail;
}
