// The sub-group operations that native code computes where a sub-group's
// chunks meet (jit's subgroupops.go), for TestSubgroupMeetInterp: int,
// uint and float reductions and scans (add, mul, min, max; and, or, xor
// on integers), broadcasts, shuffles, votes, elect and ballot, converged
// and under branches some lanes take (s: a small per-item number), with
// NaNs, infinities and signed zeros among the floats. Native code must
// give the interpreter's results bit for bit, in work-groups whose last
// sub-group is partial.

#define NOUT 80

#define ARITH(T, v, k) \
  o[k + 0] = as_uint(sub_group_reduce_add(v)); \
  o[k + 1] = as_uint(sub_group_reduce_min(v)); \
  o[k + 2] = as_uint(sub_group_reduce_max(v)); \
  o[k + 3] = as_uint(sub_group_scan_inclusive_add(v)); \
  o[k + 4] = as_uint(sub_group_scan_inclusive_min(v)); \
  o[k + 5] = as_uint(sub_group_scan_inclusive_max(v)); \
  o[k + 6] = as_uint(sub_group_scan_exclusive_add(v)); \
  o[k + 7] = as_uint(sub_group_scan_exclusive_min(v)); \
  o[k + 8] = as_uint(sub_group_scan_exclusive_max(v)); \
  o[k + 9] = as_uint(sub_group_non_uniform_reduce_mul(v)); \
  o[k + 10] = as_uint(sub_group_non_uniform_scan_inclusive_mul(v)); \
  o[k + 11] = as_uint(sub_group_broadcast(v, 6)); \
  o[k + 12] = as_uint(sub_group_shuffle(v, s)); \
  o[k + 13] = as_uint(sub_group_shuffle_xor(v, s)); \
  o[k + 14] = as_uint(sub_group_shuffle_up(v, s)); \
  o[k + 15] = as_uint(sub_group_shuffle_down(v, s)); \
  if (s & 2) { \
    o[k + 16] = as_uint(sub_group_non_uniform_reduce_add(v)); \
    o[k + 17] = as_uint(sub_group_non_uniform_scan_exclusive_min(v)); \
    o[k + 18] = as_uint(sub_group_broadcast_first(v)); \
    o[k + 19] = as_uint(sub_group_shuffle_xor(v, 3u)); \
  }

kernel void sg_meet(global const int *in, global const float *fin, global const uint *sel, global uint *out) {
  uint g = get_global_id(0);
  global uint *o = out + g * NOUT;
  int x = in[g];
  float f = fin[g];
  uint s = sel[g];
  ARITH(int, x, 0)
  ARITH(uint, (uint)x * 2654435761u, 20)
  ARITH(float, f, 40)
  o[60] = sub_group_non_uniform_reduce_and(x);
  o[61] = sub_group_non_uniform_scan_inclusive_or(x);
  o[62] = sub_group_non_uniform_scan_exclusive_xor((uint)x);
  o[63] = sub_group_elect();
  o[64] = sub_group_all(x > -45);
  o[65] = sub_group_any(x > 45);
  o[66] = sub_group_ballot(x & 1).x;
  if (s & 1) {
    o[67] = sub_group_elect();
    o[68] = sub_group_non_uniform_all(x > -45);
    o[69] = sub_group_non_uniform_any(f > 20.0f);
    o[70] = sub_group_ballot(x > 0).x;
    o[71] = sub_group_non_uniform_reduce_max(x);
  }
  // Lanes leave a loop at different rounds.
  float acc = 0;
  for (uint r = 0; r < (s & 7); r++)
    acc += sub_group_non_uniform_reduce_add(f + (float)r);
  o[72] = as_uint(acc);
  // Deltas near 2^32: past the sub-group, not around it.
  o[73] = sub_group_shuffle_up(x, s - 40u);
  o[74] = sub_group_shuffle_down(x, s - 40u);
  o[75] = sub_group_shuffle_xor(x, s - 40u);
  o[79] = 0xabcdef;
}
