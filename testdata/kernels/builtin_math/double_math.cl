//! kernel double_math
//! global 128
//! arg buffer<double> 128 random(0.1,10)
//! arg buffer<double> 768 out
//! tolerance 1e-12

// Math builtins on double (cl_khr_fp64).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_math(global const double *a, global double *out) {
  int g = get_global_id(0);
  double x = a[g];
  global double *o = out + 6 * g;
  o[0] = sqrt(x);
  o[1] = exp(x * 0.5);
  o[2] = log(x);
  o[3] = sin(x) + cos(x);
  o[4] = pow(x, 2.5);
  o[5] = fma(x, x, -1.0) + floor(x) + fabs(-x);
}
