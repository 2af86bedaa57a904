//! kernel wg_reqd_3d
//! global 6,5,4
//! local 3,5,2
//! arg buffer<uint> 120 random
//! arg buffer<uint> 480 out
//! options -cl-std=CL3.0

// Collectives in a kernel with reqd_work_group_size (the scratch array
// then has a constant length) over 3x5x2 work-groups, with the 3D
// broadcast. Without the feature macro (PoCL) a serial local-memory
// reference gives the results.
#ifndef __opencl_c_work_group_collective_functions
size_t lin(void) { return (get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0) + get_local_id(0); }
uint ref(local uint *b, uint x, int op, size_t end) {
  b[lin()] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint r = op == 1 ? UINT_MAX : 0;
  for (size_t i = 0; i < end; i++) r = op == 0 ? r + b[i] : op == 1 ? min(r, b[i]) : max(r, b[i]);
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}
uint ref_bcast(local uint *b, uint x, size_t i, size_t j, size_t k) {
  b[lin()] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint r = b[(k * 5 + j) * 3 + i];
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}
#define work_group_scan_exclusive_min(x) ref(b, x, 1, lin())
#define work_group_scan_inclusive_max(x) ref(b, x, 2, lin() + 1)
#define work_group_reduce_add(x) ref(b, x, 0, 30)
#define work_group_broadcast(x, i, j, k) ref_bcast(b, x, i, j, k)
#endif

kernel __attribute__((reqd_work_group_size(3, 5, 2)))
void wg_reqd_3d(global const uint *a, global uint *out) {
#ifndef __opencl_c_work_group_collective_functions
  local uint b[30];
#endif
  size_t g = (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0) + get_global_id(0);
  uint x = a[g];
  out[4 * g] = work_group_scan_exclusive_min(x);
  out[4 * g + 1] = work_group_scan_inclusive_max(x >> 3);
  out[4 * g + 2] = work_group_reduce_add(x);
  out[4 * g + 3] = work_group_broadcast(x, 2, 4, 1) ^ work_group_broadcast(x, 1, get_group_id(1), get_group_id(2));
}
