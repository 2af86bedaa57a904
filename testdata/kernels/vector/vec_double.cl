//! kernel vec_double
//! global 64
//! arg buffer<double4> 64 random
//! arg buffer<double4> 64 out
//! arg buffer<long4> 64 out
//! tolerance 1e-12

// double4 under cl_khr_fp64, its comparisons (long4 results).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void vec_double(global const double4 *a, global double4 *out, global long4 *cmp) {
  int i = get_global_id(0);
  double4 v = a[i];
  out[i] = v.wzyx * 3.0 - v + (double4)(0.5, 0.25, 0.125, 1.0);
  cmp[i] = v > 0.5;
}
