//! kernel float_cas_add
//! global 512
//! local 64
//! arg buffer<int> 512 random(-100,100)
//! arg buffer<float> 2 [0,0]
//! arg buffer<double> 1 [0]
//! arg buffer<float> 8 out
//! options -cl-std=CL3.0

// The float atomic add every OpenCL 2.0 code base writes: a
// compare-exchange loop on atomic_float (and atomic_double), in global
// and local memory. The addends are small integers, so the sums are
// exact in any order.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
void add_float(volatile global atomic_float *p, float v) {
  float seen = atomic_load_explicit(p, memory_order_relaxed);
  while (!atomic_compare_exchange_weak(p, &seen, seen + v))
    ;
}

kernel void float_cas_add(global const int *x, global atomic_float *f, global atomic_double *d, global float *out) {
  local atomic_float lsum;
  int l = get_local_id(0);
  if (l == 0)
    atomic_init(&lsum, 0.0f);
  barrier(CLK_LOCAL_MEM_FENCE);
  float v = (float)x[get_global_id(0)];
  add_float(&f[0], v);
  add_float(&f[1], v * 0.25f);
  double dv = (double)v * 1024.0;
  double dseen = 0.0;
  while (!atomic_compare_exchange_strong_explicit(&d[0], &dseen, dseen + dv, memory_order_relaxed, memory_order_relaxed))
    ;
  float ls = atomic_load(&lsum);
  while (!atomic_compare_exchange_strong(&lsum, &ls, ls + v))
    ;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0)
    out[get_group_id(0)] = atomic_load(&lsum);
}
