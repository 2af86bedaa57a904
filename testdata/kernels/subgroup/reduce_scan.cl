//! kernel reduce_scan
//! global 192
//! local 48
//! arg buffer<int> 192 random(-50,50)
//! arg buffer<uint> 192 out
//! arg buffer<int> 4 out
//! options -cl-std=CL2.0

// cl_khr_subgroups' reductions, scans, broadcast, all/any and sizes,
// checked by each work-item against the values of its sub-group's members
// gathered in local memory by get_sub_group_id/get_sub_group_local_id, so
// that the result does not depend on the sub-group size (48 items make a
// partial sub-group at sizes 32 and 64). bad[i] holds the failed checks
// (0 everywhere); sums[g] is the work-group's sum, made from the sub-group
// sums. Without sub-groups (the reference) only the sums are computed.
kernel void reduce_scan(global const int *in, global uint *bad, global int *sums) {
  local int acc;
  uint l = get_local_id(0), i = get_global_id(0);
  int x = in[i];
  uint fail = 0;
  if (l == 0)
    acc = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
#ifdef __opencl_c_subgroups
  local uint sg[48], sl[48];
  local int v[48];
  sg[l] = get_sub_group_id();
  sl[l] = get_sub_group_local_id();
  v[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  int esum = 0, emin = INT_MAX, emax = INT_MIN, incl = 0, exmin = INT_MAX, exsum = 0, incmax = INT_MIN, incmin = INT_MAX, b0 = 0;
  uint n = 0, pos = 0;
  for (uint j = 0; j < get_local_size(0); j++) {
    if (sg[j] != sg[l])
      continue;
    n++;
    esum += v[j];
    emin = min(emin, v[j]);
    emax = max(emax, v[j]);
    if (sl[j] <= sl[l]) {
      incl += v[j];
      incmax = max(incmax, v[j]);
      incmin = min(incmin, v[j]);
    }
    if (sl[j] < sl[l]) {
      exmin = min(exmin, v[j]);
      exsum += v[j];
      pos++;
    }
    if (sl[j] == 0)
      b0 = v[j];
  }
  if (get_sub_group_size() != n) fail |= 1u << 0;
  if (sl[l] != pos) fail |= 1u << 1;
  if (get_num_sub_groups() != (get_local_size(0) + get_max_sub_group_size() - 1) / get_max_sub_group_size()) fail |= 1u << 2;
  if (get_enqueued_num_sub_groups() != get_num_sub_groups()) fail |= 1u << 3;
  if (sub_group_reduce_add(x) != esum) fail |= 1u << 4;
  if (sub_group_reduce_min(x) != emin) fail |= 1u << 5;
  if (sub_group_reduce_max(x) != emax) fail |= 1u << 6;
  if (sub_group_scan_inclusive_add(x) != incl) fail |= 1u << 7;
  if (sub_group_scan_inclusive_max(x) != incmax) fail |= 1u << 8;
  if (sub_group_scan_exclusive_min(x) != exmin) fail |= 1u << 9;
  if (sub_group_scan_exclusive_add(x) != exsum) fail |= 1u << 10;
  if (sub_group_broadcast(x, 0) != b0) fail |= 1u << 11;
  if (sub_group_all(x > -100) != 1) fail |= 1u << 12;
  if (sub_group_any(x == esum + 1000) != 0) fail |= 1u << 13;
  if (sub_group_any(x == emax) == 0) fail |= 1u << 14;
  if (sub_group_reduce_add((float)x) != (float)esum) fail |= 1u << 15;
  if (sub_group_scan_inclusive_min((float)x) != (float)incmin) fail |= 1u << 16;
  if (sub_group_scan_exclusive_add((uint)x) != (uint)exsum) fail |= 1u << 17;
#ifdef cl_khr_fp64
  if (sub_group_reduce_max((double)x) != (double)emax) fail |= 1u << 18;
#endif
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  int s = sub_group_reduce_add(x);
  if (get_sub_group_local_id() == 0)
    atomic_add(&acc, s);
#else
  atomic_add(&acc, x);
#endif
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0)
    sums[get_group_id(0)] = acc;
  bad[i] = fail;
}
