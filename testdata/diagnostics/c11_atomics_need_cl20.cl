// The C11 atomic types and functions are OpenCL C 2.0 (without
// -cl-std=CL2.0 or CL3.0 they do not exist).
kernel void k(global atomic_int *p) {
  atomic_fetch_add(p, 1);
  work_group_reduce_add(1);
}
