//! kernel vload_double
//! global 32
//! arg buffer<double> 128 random
//! arg buffer<double> 128 out
//! tolerance 1e-12

// vload4/vstore4 on double buffers (cl_khr_fp64).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void vload_double(global const double *in, global double *out) {
  int g = get_global_id(0);
  double4 v = vload4(g, in);
  vstore4(v.yxwz * 0.5, g, out);
}
