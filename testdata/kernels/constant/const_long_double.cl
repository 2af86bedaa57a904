//! kernel const_long_double
//! global 16
//! arg buffer<long> 16 out
//! arg buffer<double> 16 out

// __constant 64-bit data: longs and doubles (cl_khr_fp64).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
constant long big[4] = {1L << 40, -1, 0x7FFFFFFFFFFFFFFFL, 12345678901234L};
constant double dv[2] = {3.141592653589793, -2.718281828459045};

kernel void const_long_double(global long *out, global double *d) {
  int g = get_global_id(0);
  out[g] = big[g & 3] / (g + 1);
  d[g] = dv[g & 1] * g;
}
