//! kernel wg_half
//! global 14,18
//! local 7,9
//! arg buffer<long> 252 random
//! arg buffer<half> 3024 out
//! options -cl-std=CL3.0

// cl_khr_fp16 makes half a collective type (§6.13.15). Inputs are below
// 30 so that 63 of them add exactly in half. The reference (PoCL, without
// cl_khr_fp16) computes in float and stores through vstore_half.
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define T half
#define TMAX ((half)INFINITY)
#define TMIN ((half)-INFINITY)
#define FROM(v) ((half)((v) % 30))
#define ST(v, i, p) ((p)[i] = (v))
#else
#define T float
#define TMAX INFINITY
#define TMIN (-INFINITY)
#define FROM(v) ((float)((v) % 30))
#define ST(v, i, p) vstore_half(v, i, p)
#endif
#define KNAME wg_half
// Every work-group collective function of OpenCL C 2.0 §6.13.15 on T
// over 7x9 work-groups (two by two of them): reduce, inclusive and
// exclusive scan with add, min and max, the 2D broadcast, all and any.
// PoCL has no collectives, so without __opencl_c_work_group_collective_functions
// the same results come from a serial reference through local memory,
// which PoCL runs; clgo defines the macro and runs the builtins.
// Floating-point inputs are small integers, so that sums are exact in any
// order; integer sums wrap the same way in any order.
#define OPS 12
#define SLOTS 24
#ifndef __opencl_c_work_group_collective_functions
// The reference computes in R, exactly (the inputs are small integers):
// PoCL 3.1 took minutes to compile these loops on float.
#define R int
#define RMAX INT_MAX
#define RMIN INT_MIN
#define TO_T(r) ((r) == RMAX ? TMAX : (r) == RMIN ? TMIN : (T)(r))
enum { ADD, MIN, MAX };
enum { REDUCE, INCLUSIVE, EXCLUSIVE };
R combine(int op, R a, R b) { return op == ADD ? a + b : op == MIN ? (a < b ? a : b) : (a > b ? a : b); }
R identity(int op) { return op == ADD ? (R)0 : op == MIN ? RMAX : RMIN; }
size_t lin(void) { return get_local_id(1) * get_local_size(0) + get_local_id(0); }
T ref(local R *buf, R x, int op, int kind) {
  size_t n = get_local_size(0) * get_local_size(1), l = lin();
  buf[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  size_t end = kind == REDUCE ? n : kind == INCLUSIVE ? l + 1 : l;
  R acc = identity(op);
  for (size_t i = 0; i < end; i++)
    acc = combine(op, acc, buf[i]);
  return TO_T(acc);
}
T ref_broadcast(local R *buf, R x, size_t i, size_t j) {
  buf[lin()] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  return TO_T(buf[j * get_local_size(0) + i]);
}
#define work_group_reduce_add(x) ref(buf[__COUNTER__], x, ADD, REDUCE)
#define work_group_reduce_min(x) ref(buf[__COUNTER__], x, MIN, REDUCE)
#define work_group_reduce_max(x) ref(buf[__COUNTER__], x, MAX, REDUCE)
#define work_group_scan_inclusive_add(x) ref(buf[__COUNTER__], x, ADD, INCLUSIVE)
#define work_group_scan_inclusive_min(x) ref(buf[__COUNTER__], x, MIN, INCLUSIVE)
#define work_group_scan_inclusive_max(x) ref(buf[__COUNTER__], x, MAX, INCLUSIVE)
#define work_group_scan_exclusive_add(x) ref(buf[__COUNTER__], x, ADD, EXCLUSIVE)
#define work_group_scan_exclusive_min(x) ref(buf[__COUNTER__], x, MIN, EXCLUSIVE)
#define work_group_scan_exclusive_max(x) ref(buf[__COUNTER__], x, MAX, EXCLUSIVE)
#define work_group_broadcast(x, i, j) ref_broadcast(buf[__COUNTER__], x, i, j)
#define work_group_all(p) (int)ref(buf[__COUNTER__], (p) != 0, MIN, REDUCE)
#define work_group_any(p) (int)ref(buf[__COUNTER__], (p) != 0, MAX, REDUCE)
#endif

kernel void KNAME(global const long *a, global half *out) {
#ifndef __opencl_c_work_group_collective_functions
  // A scratch array per call (__COUNTER__ numbers them), so that a call
  // needs one barrier, not two: PoCL 3.1 took minutes to compile the 34
  // barriers of two per call on an AVX-512 CPU.
  local R buf[SLOTS][63];
#endif
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  T x = FROM(a[g]);
  global half *o = out + g * OPS;
  ST(work_group_reduce_add(x), 0, o);
  ST(work_group_reduce_min(x), 1, o);
  ST(work_group_reduce_max(x), 2, o);
  ST(work_group_scan_inclusive_add(x), 3, o);
  ST(work_group_scan_inclusive_min(x), 4, o);
  ST(work_group_scan_inclusive_max(x), 5, o);
  ST(work_group_scan_exclusive_add(x), 6, o);
  ST(work_group_scan_exclusive_min(x), 7, o);
  ST(work_group_scan_exclusive_max(x), 8, o);
  ST(work_group_broadcast(x, 3, 5) + work_group_broadcast(x, 6, get_group_id(0)), 9, o);
  // all is true for the group whose inputs are all at least the
  // smallest of the group; any is true where some work-item of the
  // group holds the group's maximum at an even x.
  ST((T)(work_group_all(x >= work_group_reduce_min(x)) + 2 * work_group_all(x > (T)0)), 10, o);
  ST((T)(work_group_any(x == work_group_reduce_max(x) && get_local_id(0) % 2 == 0) + 2 * work_group_any(x < (T)0)), 11, o);
}
