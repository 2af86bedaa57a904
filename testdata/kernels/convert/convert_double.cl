//! kernel conv_from_double
//! global 64
//! arg buffer<double> 64 random(-1e12,1e12)
//! arg buffer<int> 128 out
//! arg buffer<float> 128 out

// Conversions from double: saturating to int, to float with rounding modes.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void conv_from_double(global const double *a, global int *io, global float *fo) {
  int g = get_global_id(0);
  double x = a[g] / (double)(1 << (g % 31));
  io[2 * g] = convert_int_sat(x);
  io[2 * g + 1] = convert_int_sat_rtp(x * 1e-6);
  fo[2 * g] = convert_float_rtz(x);
  fo[2 * g + 1] = convert_float_rtp(x) - convert_float_rtn(x);
}
