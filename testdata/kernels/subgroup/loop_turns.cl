//! kernel loop_turns
//! global 144
//! local 72
//! arg buffer<int> 144 random(-50,50)
//! arg buffer<uint> 144 out
//! options -cl-std=CL2.0

// cl_khr_subgroup_non_uniform_arithmetic in loops whose work-items take
// part in different rounds: the members of a sub-group alternate between
// two operations in groups of 8 (a native chunk) or one by one, and leave
// a loop after a number of rounds of their own. Each work-item checks its
// results against its sub-group's members gathered in local memory, so
// that nothing depends on the sub-group size; bad[i] holds the failed
// checks, 0 everywhere (and on a reference without the extension, which
// checks nothing). 72 items: two sub-groups of 32 and one of 8 at size 32.
#if defined(cl_khr_subgroup_non_uniform_arithmetic)
#define HAVE 1
#endif
kernel void loop_turns(global const int *in, global uint *bad) {
  uint l = get_local_id(0), i = get_global_id(0);
  int x = in[i];
  uint fail = 0;
#ifdef HAVE
  local uint sg[72];
  local int v[72];
  sg[l] = get_sub_group_id();
  v[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint n = get_local_size(0);
  // Turns by groups of 8 work-items.
  for (int r = 0; r < 4; r++) {
    int side = (r + (int)(l >> 3)) & 1;
    int sum = 0, mx = INT_MIN;
    for (uint j = 0; j < n; j++) {
      if (sg[j] != sg[l] || ((r + (int)(j >> 3)) & 1) != side)
        continue;
      sum += v[j] + r;
      mx = max(mx, v[j] - r);
    }
    if (side) {
      if (sub_group_non_uniform_reduce_add(x + r) != sum) fail |= 1u << r;
    } else {
      if (sub_group_non_uniform_reduce_max(x - r) != mx) fail |= 1u << (4 + r);
    }
  }
  // Turns work-item by work-item.
  for (int r = 0; r < 3; r++) {
    int mine = (r + (int)l) % 3 == 0;
    int ex = 0;
    for (uint j = 0; j < l; j++)
      if (sg[j] == sg[l] && (r + (int)j) % 3 == 0)
        ex += v[j];
    if (mine && sub_group_non_uniform_scan_exclusive_add(x) != ex) fail |= 1u << (8 + r);
  }
  // Each work-item leaves after l % 5 rounds: round k counts those left.
  for (uint k = 0; k < l % 5; k++) {
    int left = 0;
    for (uint j = 0; j < n; j++)
      if (sg[j] == sg[l] && j % 5 > k)
        left++;
    if (sub_group_non_uniform_reduce_add(1) != left) fail |= 1u << 11;
  }
#endif
  bad[i] = fail;
}
