//! kernel wg_1d_3d
//! global 222
//! local 37
//! arg buffer<int> 222 random(-1000,1000)
//! arg buffer<int> 2220 out
//! options -cl-std=CL3.0

// Collectives over 1D work-groups of 37 (not a power of two), from a
// helper function and in a uniform loop, with the 1D broadcast, on int
// and float in the same kernel (two scratch arrays). Without the
// feature macro (PoCL) a serial local-memory reference gives the results.
#ifndef __opencl_c_work_group_collective_functions
int sum_to(local int *b, int x, size_t end) {
  b[get_local_id(0)] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  int s = 0;
  for (size_t i = 0; i < end; i++) s += b[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  return s;
}
float fmax_to(local float *b, float x, size_t end) {
  b[get_local_id(0)] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  float m = -INFINITY;
  for (size_t i = 0; i < end; i++) m = fmax(m, b[i]);
  barrier(CLK_LOCAL_MEM_FENCE);
  return m;
}
int bcast(local int *b, int x, size_t i) {
  b[get_local_id(0)] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  int r = b[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}
#define LOCALS local int ib[37]; local float fb[37];
#define SCAN_EX_ADD(x) sum_to(ib, x, get_local_id(0))
#define SCAN_IN_ADD(x) sum_to(ib, x, get_local_id(0) + 1)
#define REDUCE_ADD(x) sum_to(ib, x, get_local_size(0))
#define SCAN_IN_FMAX(x) fmax_to(fb, x, get_local_id(0) + 1)
#define SCAN_EX_FMAX(x) fmax_to(fb, x, get_local_id(0))
#define BCAST(x, i) bcast(ib, x, i)
#define ALL(p) (sum_to(ib, (p) != 0, get_local_size(0)) == (int)get_local_size(0))
#define ANY(p) (sum_to(ib, (p) != 0, get_local_size(0)) != 0)
#define HELPER_ARGS , local int *ib, local float *fb
#define HELPER_PASS , ib, fb
#else
#define LOCALS
#define SCAN_EX_ADD(x) work_group_scan_exclusive_add(x)
#define SCAN_IN_ADD(x) work_group_scan_inclusive_add(x)
#define REDUCE_ADD(x) work_group_reduce_add(x)
#define SCAN_IN_FMAX(x) work_group_scan_inclusive_max(x)
#define SCAN_EX_FMAX(x) work_group_scan_exclusive_max(x)
#define BCAST(x, i) work_group_broadcast(x, i)
#define ALL(p) work_group_all(p)
#define ANY(p) work_group_any(p)
#define HELPER_ARGS
#define HELPER_PASS
#endif

// A stream compaction offset: the exclusive scan of the flags.
int offset_of(int keep HELPER_ARGS) { return SCAN_EX_ADD(keep); }

kernel void wg_1d_3d(global const int *a, global int *out) {
  LOCALS
  size_t g = get_global_id(0);
  global int *o = out + g * 10;
  int x = a[g];
  o[0] = offset_of(x > 0 HELPER_PASS);
  o[1] = SCAN_IN_ADD(x);
  o[2] = REDUCE_ADD(x);
  float f = (float)x * 0.5f;
  o[3] = (int)(SCAN_IN_FMAX(f) * 2.0f);
  float e = SCAN_EX_FMAX(f);
  o[4] = isinf(e) ? -12345 : (int)(e * 2.0f);
  o[5] = BCAST(x, 36) - BCAST(x, get_group_id(0));
  o[6] = ALL(x > -1001) + 2 * ALL(x > 0);
  o[7] = ANY(x == 1000) + 2 * ANY(x > 990);
  // In a uniform loop: a running total of the group's rounds.
  int t = 0;
  for (int r = 0; r < 3; r++)
    t += REDUCE_ADD(x * r) + SCAN_EX_ADD(r);
  o[8] = t;
  o[9] = SCAN_IN_ADD(1);
}
