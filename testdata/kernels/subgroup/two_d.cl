//! kernel two_d
//! global 24,10
//! local 12,5
//! arg buffer<int> 240 random(-100,100)
//! arg buffer<uint> 240 out
//! arg buffer<int> 4 out
//! options -cl-std=CL2.0

// Sub-groups of a 12x5 work-group (60 work-items: partial sub-groups at
// sizes 8, 32 and 64): the sub-group ids and local ids cover the linear
// local ids without gaps, and reductions, scans and broadcasts agree with
// the members gathered in local memory; bad[i] holds the failed checks, 0
// everywhere; sums[g] is the work-group's sum made from sub-group sums
// (the reference, without sub-groups, adds the items).
kernel void two_d(global const int *in, global uint *bad, global int *sums) {
  local int acc;
  uint l = get_local_linear_id(), i = get_global_linear_id();
  int x = in[i];
  uint fail = 0;
  if (l == 0)
    acc = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
#ifdef __opencl_c_subgroups
  local uint sg[60], sl[60];
  local int v[60];
  sg[l] = get_sub_group_id();
  sl[l] = get_sub_group_local_id();
  v[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint n = 0, same = 0;
  int sum = 0, incl = 0, last = 0;
  for (uint j = 0; j < 60; j++) {
    if (sg[j] == sg[l] && sl[j] == sl[l])
      same++;
    if (sg[j] != sg[l])
      continue;
    n++;
    sum += v[j];
    if (sl[j] <= sl[l])
      incl += v[j];
    if (sl[j] == get_sub_group_size() - 1)
      last = v[j];
  }
  if (same != 1) fail |= 1u << 0;
  if (n != get_sub_group_size()) fail |= 1u << 1;
  if (get_sub_group_id() >= get_num_sub_groups()) fail |= 1u << 2;
  if (sub_group_reduce_add(x) != sum) fail |= 1u << 3;
  if (sub_group_scan_inclusive_add(x) != incl) fail |= 1u << 4;
  if (sub_group_broadcast(x, get_sub_group_size() - 1) != last) fail |= 1u << 5;
  int s = sub_group_reduce_add(x);
  if (get_sub_group_local_id() == 0)
    atomic_add(&acc, s);
#else
  atomic_add(&acc, x);
#endif
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0)
    sums[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = acc;
  bad[i] = fail;
}
