//! kernel double_arith
//! global 128
//! arg buffer<double> 128 random(-100,100)
//! arg buffer<double> 128 random(1,100)
//! arg buffer<double> 512 out
//! tolerance 1e-12

// double under cl_khr_fp64: arithmetic and sqrt.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_arith(global const double *a, global const double *b, global double *out) {
  int i = get_global_id(0);
  double x = a[i], y = b[i];
  out[4 * i + 0] = x * y + 1.0;
  out[4 * i + 1] = x / y;
  out[4 * i + 2] = sqrt(y);
  out[4 * i + 3] = (double)(float)x - x;
}
