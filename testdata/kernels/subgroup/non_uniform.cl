//! kernel non_uniform
//! global 192
//! local 48
//! arg buffer<int> 192 random(-20,20)
//! arg buffer<uint> 192 out
//! options -cl-std=CL2.0

// cl_khr_subgroup_non_uniform_arithmetic and _vote in divergent code (only
// the work-items whose value is even take part) and
// cl_khr_subgroup_clustered_reduce, each work-item checking its results
// against its sub-group's members gathered in local memory, so that nothing
// depends on the sub-group size; bad[i] holds the failed checks, 0
// everywhere (and on a reference without the extensions, which checks
// nothing).
#if defined(cl_khr_subgroup_non_uniform_arithmetic) && defined(cl_khr_subgroup_non_uniform_vote)
#define HAVE 1
#endif
kernel void non_uniform(global const int *in, global uint *bad) {
  uint l = get_local_id(0), i = get_global_id(0);
  int x = in[i];
  uint fail = 0;
#ifdef HAVE
  local uint sg[48], sl[48];
  local int v[48];
  sg[l] = get_sub_group_id();
  sl[l] = get_sub_group_local_id();
  v[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint me = sl[l];
  int by[128];
  for (uint k = 0; k < 128; k++)
    by[k] = 1; // odd: not taking part
  for (uint j = 0; j < get_local_size(0); j++)
    if (sg[j] == sg[l])
      by[sl[j]] = v[j];
  uint n = get_sub_group_size();
  if ((x & 1) == 0) {
    int sum = 0, prod = 1, mn = INT_MAX, ex = 0, orv = 0, cnt = 0, first = -1, alleq = 1;
    for (uint k = 0; k < n; k++) {
      if (by[k] & 1)
        continue;
      sum += by[k];
      prod *= by[k] == 0 ? 1 : by[k] % 3 + 1;
      mn = min(mn, by[k]);
      orv |= by[k] & 0xff;
      cnt++;
      if (first < 0)
        first = (int)k;
      if (by[k] != x)
        alleq = 0;
      if (k < me)
        ex += by[k];
    }
    if (sub_group_non_uniform_reduce_add(x) != sum) fail |= 1u << 0;
    if (sub_group_non_uniform_reduce_mul(x == 0 ? 1 : x % 3 + 1) != prod) fail |= 1u << 1;
    if (sub_group_non_uniform_reduce_min(x) != mn) fail |= 1u << 2;
    if (sub_group_non_uniform_scan_exclusive_add(x) != ex) fail |= 1u << 3;
    if (sub_group_non_uniform_scan_inclusive_add(x) != ex + x) fail |= 1u << 4;
    if (sub_group_non_uniform_reduce_or(x & 0xff) != orv) fail |= 1u << 5;
    if (sub_group_non_uniform_reduce_logical_and(x < 100) != 1) fail |= 1u << 6;
    if (sub_group_non_uniform_reduce_logical_or(x == 1000) != 0) fail |= 1u << 7;
    if (sub_group_non_uniform_all(x % 2 == 0) != 1) fail |= 1u << 8;
    if (sub_group_non_uniform_any(x % 2 != 0) != 0) fail |= 1u << 9;
    if (sub_group_elect() != (me == (uint)first)) fail |= 1u << 10;
    if (sub_group_non_uniform_all_equal(x) != alleq) fail |= 1u << 11;
    if (sub_group_non_uniform_reduce_add((float)x) != (float)sum) fail |= 1u << 13;
  }
  if (sub_group_non_uniform_all_equal(7) != 1) fail |= 1u << 14;
#ifdef cl_khr_subgroup_clustered_reduce
  int c4 = 0, c4max = INT_MIN;
  for (uint k = me / 4 * 4; k < min(me / 4 * 4 + 4, n); k++) {
    c4 += by[k];
    c4max = max(c4max, by[k]);
  }
  if (sub_group_clustered_reduce_add(x, 4) != c4) fail |= 1u << 15;
  if (sub_group_clustered_reduce_max(x, 4) != c4max) fail |= 1u << 16;
#endif
#endif
  bad[i] = fail;
}
