//! kernel double_convert
//! global 128
//! arg buffer<double> 128 random(-1000000,1000000)
//! arg buffer<long> 128 out
//! arg buffer<float> 128 out
//! arg buffer<double2> 128 out

// double <-> long / float conversions and double vectors.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_convert(global const double *a, global long *l, global float *f, global double2 *v) {
  int i = get_global_id(0);
  double x = a[i];
  l[i] = (long)x;
  f[i] = (float)x;
  v[i] = (double2)(x, -x) * 0.5;
}
