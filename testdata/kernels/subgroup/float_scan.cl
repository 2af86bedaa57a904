//! kernel float_scan
//! global 120
//! local 40
//! arg buffer<int> 120 random(-50,50)
//! arg buffer<uint> 120 out
//! options -cl-std=CL2.0

// Float and uint reductions and scans (cl_khr_subgroups,
// cl_khr_subgroup_non_uniform_arithmetic, the latter under a branch only
// the odd values take) and float shuffles (cl_khr_subgroup_shuffle and
// _relative), which the host's native code computes where a sub-group's
// chunks meet. Each work-item checks its results against its sub-group's
// members gathered in local memory, so that nothing depends on the
// sub-group size; the floats hold integers, so that sums are exact in
// any order. 40 items: a sub-group of 32 and one of 8 at size 32. bad[i]
// holds the failed checks (0 everywhere, and on a reference without the
// extensions, which checks nothing).
#if defined(__opencl_c_subgroups) && defined(cl_khr_subgroup_non_uniform_arithmetic) && defined(cl_khr_subgroup_shuffle) && defined(cl_khr_subgroup_shuffle_relative)
#define HAVE 1
#endif
kernel void float_scan(global const int *in, global uint *bad) {
  uint l = get_local_id(0), i = get_global_id(0);
  int xi = in[i];
  float x = (float)xi;
  uint u = (uint)(xi + 50) * 3u;
  uint fail = 0;
#ifdef HAVE
  local uint sg[40], sl[40];
  local int v[40];
  sg[l] = get_sub_group_id();
  sl[l] = get_sub_group_local_id();
  v[l] = xi;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint me = sl[l], size = get_sub_group_size();
  float sum = 0, mn = INFINITY, mx = -INFINITY, isum = 0, imn = INFINITY, xmx = -INFINITY;
  float osum = 0, oex = 0, vxor = x, vup = x, vdown = x, b0 = x;
  uint umn = UINT_MAX, umx = 0, uex = 0;
  for (uint j = 0; j < get_local_size(0); j++) {
    if (sg[j] != sg[l])
      continue;
    float f = (float)v[j];
    uint w = (uint)(v[j] + 50) * 3u;
    sum += f;
    mn = fmin(mn, f);
    mx = fmax(mx, f);
    umn = min(umn, w);
    umx = max(umx, w);
    if (sl[j] <= me) {
      isum += f;
      imn = fmin(imn, f);
    }
    if (sl[j] < me) {
      xmx = fmax(xmx, f);
      uex += w;
    }
    if (v[j] & 1) {
      osum += f;
      if (sl[j] < me)
        oex += f;
    }
    if (sl[j] == (me ^ 1))
      vxor = f;
    if (sl[j] + 1 == me)
      vup = f;
    if (sl[j] == me + 2)
      vdown = f;
    if (sl[j] == 0)
      b0 = f;
  }
  if (sub_group_reduce_add(x) != sum) fail |= 1u << 0;
  if (sub_group_reduce_min(x) != mn) fail |= 1u << 1;
  if (sub_group_reduce_max(x) != mx) fail |= 1u << 2;
  if (sub_group_scan_inclusive_add(x) != isum) fail |= 1u << 3;
  if (sub_group_scan_inclusive_min(x) != imn) fail |= 1u << 4;
  if (sub_group_scan_exclusive_max(x) != xmx) fail |= 1u << 5;
  if (sub_group_reduce_min(u) != umn) fail |= 1u << 6;
  if (sub_group_reduce_max(u) != umx) fail |= 1u << 7;
  if (sub_group_scan_exclusive_add(u) != uex) fail |= 1u << 8;
  if (xi & 1) {
    if (sub_group_non_uniform_reduce_add(x) != osum) fail |= 1u << 9;
    if (sub_group_non_uniform_scan_exclusive_add(x) != oex) fail |= 1u << 10;
  }
  float sx = sub_group_shuffle_xor(x, 1u);
  if ((me ^ 1) < size && sx != vxor) fail |= 1u << 11;
  float su = sub_group_shuffle_up(x, 1u);
  if (me > 0 && su != vup) fail |= 1u << 12;
  float sd = sub_group_shuffle_down(x, 2u);
  if (me + 2 < size && sd != vdown) fail |= 1u << 13;
  if (sub_group_shuffle(x, 0u) != b0) fail |= 1u << 14;
#endif
  bad[i] = fail;
}
