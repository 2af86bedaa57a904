//! kernel wg_large
//! global 1024
//! local 256
//! arg buffer<ulong> 1024 random
//! arg buffer<ulong> 3072 out
//! options -cl-std=CL3.0

// A scan over work-groups of 256 (eight Hillis-Steele steps) on ulong.
// Without the feature macro (PoCL) a serial local-memory reference gives
// the results.
#ifndef __opencl_c_work_group_collective_functions
ulong ref(local ulong *b, ulong x, int op, size_t end) {
  b[get_local_id(0)] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong r = op == 1 ? ULONG_MAX : 0;
  for (size_t i = 0; i < end; i++) r = op == 0 ? r + b[i] : op == 1 ? min(r, b[i]) : max(r, b[i]);
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}
#define work_group_scan_inclusive_add(x) ref(b, x, 0, get_local_id(0) + 1)
#define work_group_scan_exclusive_min(x) ref(b, x, 1, get_local_id(0))
#define work_group_reduce_max(x) ref(b, x, 2, get_local_size(0))
#endif

kernel void wg_large(global const ulong *a, global ulong *out) {
#ifndef __opencl_c_work_group_collective_functions
  local ulong b[256];
#endif
  size_t g = get_global_id(0);
  ulong x = a[g];
  out[3 * g] = work_group_scan_inclusive_add(x);
  out[3 * g + 1] = work_group_scan_exclusive_min(x);
  out[3 * g + 2] = work_group_reduce_max(x);
}
