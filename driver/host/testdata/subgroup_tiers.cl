// Sub-group operations whose results depend on the sub-group size, for
// TestSubgroupTiers (subgroup_tiers_test.go): the lane tier and native
// code must give the interpreter's results bit for bit. Work-groups of 72
// items: two full sub-groups of 32 and a partial one of 8, nine chunks of
// 8 in native code, so most operations cross chunks.

#define NOUT 42

kernel void sg_raw(global const int *in, global const float *fin, global uint *out) {
  uint l = get_local_id(0), g = get_global_id(0);
  global uint *o = out + g * NOUT;
  int x = in[g];
  float f = fin[g];
  long w = (long)x * 1000003L - 7;
  local int tmp[72];
  o[0] = get_sub_group_size();
  o[1] = get_sub_group_id();
  o[2] = get_sub_group_local_id();
  o[3] = get_num_sub_groups();
  o[4] = get_max_sub_group_size();
  o[5] = sub_group_reduce_add(x);
  o[6] = sub_group_reduce_min((uint)x);
  o[7] = as_uint(sub_group_reduce_max(f));
  long r = sub_group_reduce_add(w);
  o[8] = (uint)r;
  o[9] = (uint)(r >> 32);
  o[10] = as_uint(sub_group_scan_inclusive_add(f));
  long e = sub_group_scan_exclusive_max(w);
  o[11] = (uint)e;
  o[12] = (uint)(e >> 32);
  o[13] = sub_group_scan_exclusive_min(x);
  o[14] = sub_group_scan_inclusive_max((uint)x);
  o[15] = sub_group_broadcast(x, 5);
  o[16] = sub_group_shuffle(x, (get_sub_group_local_id() * 7) % 32);
  o[17] = sub_group_shuffle_xor(x, 9);
  o[18] = sub_group_shuffle_up(x, 3);
  o[19] = sub_group_shuffle_down(x, 11);
  o[20] = sub_group_all(x > -40);
  o[21] = sub_group_any(x > 45);
  o[22] = sub_group_ballot(x & 1).x;
  o[23] = sub_group_clustered_reduce_add(x, 4);
  o[24] = sub_group_clustered_reduce_add(x, 16);
  // A loop whose trip count differs from lane to lane and from chunk to
  // chunk of a sub-group: the lanes still in it meet each round.
  int acc = 0;
  for (int j = 0; j < (int)(l % 11); j++)
    acc += sub_group_non_uniform_reduce_add(j + x);
  o[25] = acc;
  // Divergent branches.
  uint y = 0;
  if (x & 1)
    y = sub_group_non_uniform_scan_inclusive_add(x);
  else
    y = sub_group_broadcast_first(x) + 1000;
  o[26] = y;
  o[27] = sub_group_elect();
  if (l % 3 == 0)
    o[28] = sub_group_non_uniform_all(x < 30) + 2 * sub_group_elect();
  // A sub-group barrier orders local memory within the sub-group.
  tmp[l] = x * 3;
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  o[29] = tmp[l ^ 1];
  // A loop of uniform trip count with a sub-group op and a barrier.
  int s = x;
  for (int j = 0; j < 3; j++) {
    s = sub_group_shuffle_xor(s, 1 << j) + j;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  o[30] = s;
  // A vector broadcast and reductions of unsigned and float.
  int4 v = (int4)(x, x + 1, x * 2, -x);
  int4 bv = sub_group_broadcast(v, 31);
  o[31] = bv.x ^ bv.y ^ bv.z ^ bv.w;
  o[32] = sub_group_reduce_max((uint)x);
  o[33] = as_uint(sub_group_reduce_add(f));
  o[34] = as_uint(sub_group_scan_exclusive_min(f));
  // Chunks take turns between two sub-group operations in a loop: in a
  // round a chunk meets only the chunks on the same side (in native code
  // the back edge keeps the chunks of a sub-group in the same round).
  int a2 = 0;
  for (int j = 0; j < 4; j++) {
    if (((j + (l >> 3)) & 1) != 0)
      a2 += sub_group_non_uniform_reduce_add(x + j);
    else
      a2 += 3 * sub_group_non_uniform_reduce_add(x - j);
  }
  o[39] = a2;
  // The same with lane-varying turns.
  int a3 = 0;
  for (int j = 0; j < 3; j++) {
    if (((j + l) % 3) == 0)
      a3 += sub_group_non_uniform_scan_inclusive_add(x + j);
    else
      a3 ^= sub_group_non_uniform_broadcast(x, 1);
  }
  o[40] = a3;
  // An early return: the returned lanes take no part afterwards.
  if (x < -30)
    return;
  o[35] = sub_group_non_uniform_reduce_add(x);
  o[36] = sub_group_ballot(x > 0).x;
  // A loop whose exit depends on a sub-group reduction.
  int k = 0, t = x;
  while (sub_group_non_uniform_any(t > 0) && k < 20) {
    t -= 7;
    k++;
  }
  o[37] = k;
  o[38] = sub_group_non_uniform_reduce_max(t);
  o[41] = 0xabcdef;
}
