//! kernel ballot_shuffle
//! global 160
//! local 40
//! arg buffer<int> 160 random(0,1000)
//! arg buffer<uint> 160 out
//! options -cl-std=CL2.0

// cl_khr_subgroup_ballot, cl_khr_subgroup_shuffle and
// cl_khr_subgroup_shuffle_relative, each work-item checking its results
// against its sub-group's members gathered in local memory (by
// get_sub_group_id and get_sub_group_local_id), so that nothing depends on
// the sub-group size; bad[i] holds the failed checks, 0 everywhere (and
// on a reference without these extensions, which checks nothing).
#if defined(cl_khr_subgroup_ballot) && defined(cl_khr_subgroup_shuffle) && defined(cl_khr_subgroup_shuffle_relative)
#define HAVE 1
#endif
kernel void ballot_shuffle(global const int *in, global uint *bad) {
  uint l = get_local_id(0), i = get_global_id(0);
  int x = in[i];
  uint fail = 0;
#ifdef HAVE
  local uint sg[40], sl[40];
  local int v[40];
  sg[l] = get_sub_group_id();
  sl[l] = get_sub_group_local_id();
  v[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint me = sl[l], n = get_sub_group_size();
  // by[k]: the value of sub-group local id k (ids beyond 127 unused here).
  int by[128];
  uint4 odd = (uint4)(0);
  for (uint j = 0; j < get_local_size(0); j++) {
    if (sg[j] != sg[l])
      continue;
    by[sl[j]] = v[j];
    if (v[j] & 1)
      odd[sl[j] / 32] |= 1u << (sl[j] % 32);
  }
  uint4 b = sub_group_ballot(x & 1);
  if (any(b != odd)) fail |= 1u << 0;
  uint cnt = popcount(odd.x) + popcount(odd.y) + popcount(odd.z) + popcount(odd.w);
  if (sub_group_ballot_bit_count(b) != cnt) fail |= 1u << 1;
  uint below = 0;
  for (uint k = 0; k < me; k++)
    below += (by[k] & 1);
  if (sub_group_ballot_exclusive_scan(b) != below) fail |= 1u << 2;
  if (sub_group_ballot_inclusive_scan(b) != below + (x & 1)) fail |= 1u << 3;
  if (sub_group_inverse_ballot(b) != (x & 1)) fail |= 1u << 4;
  if (sub_group_ballot_bit_extract(b, 0) != (by[0] & 1)) fail |= 1u << 5;
  if (cnt != 0) {
    uint lsb = 0, msb = 0;
    for (uint k = 0; k < n; k++)
      if (by[k] & 1)
        msb = k;
    for (uint k = n; k-- > 0;)
      if (by[k] & 1)
        lsb = k;
    if (sub_group_ballot_find_lsb(b) != lsb) fail |= 1u << 6;
    if (sub_group_ballot_find_msb(b) != msb) fail |= 1u << 7;
  }
  uint4 eq = get_sub_group_eq_mask(), lt = get_sub_group_lt_mask(), le = get_sub_group_le_mask();
  uint4 gt = get_sub_group_gt_mask(), ge = get_sub_group_ge_mask();
  if (eq[me / 32] != 1u << (me % 32)) fail |= 1u << 8;
  if (any((lt | eq) != le) || any((gt | eq) != ge) || any((lt & gt) != 0)) fail |= 1u << 9;
  if (sub_group_broadcast_first(x) != by[0]) fail |= 1u << 10;
  if (sub_group_non_uniform_broadcast(x, n - 1) != by[n - 1]) fail |= 1u << 11;
  int s = sub_group_shuffle(x, n - 1 - me);
  if (s != by[n - 1 - me]) fail |= 1u << 12;
  s = sub_group_shuffle_xor(x, 1);
  if ((me ^ 1) < n && s != by[me ^ 1]) fail |= 1u << 13;
  s = sub_group_shuffle_up(x, 1);
  if (me >= 1 && s != by[me - 1]) fail |= 1u << 14;
  s = sub_group_shuffle_down(x, 2);
  if (me + 2 < n && s != by[me + 2]) fail |= 1u << 15;
  float f = sub_group_shuffle((float)x, 0);
  if (f != (float)by[0]) fail |= 1u << 16;
  int4 v4 = sub_group_non_uniform_broadcast((int4)(x, x + 1, x + 2, -x), 0);
  if (any(v4 != (int4)(by[0], by[0] + 1, by[0] + 2, -by[0]))) fail |= 1u << 17;
#endif
  bad[i] = fail;
}
