//! kernel as_double_long
//! global 64
//! arg buffer<double> 64 random(-100,100)
//! arg buffer<long> 64 out
//! arg buffer<double> 64 out

// as_long / as_double with cl_khr_fp64, and as_double of an int2.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void as_double_long(global const double *a, global long *bits, global double *d) {
  int g = get_global_id(0);
  bits[g] = as_long(a[g]);
  int2 halves = as_int2(a[g]);
  d[g] = as_double((int2)(halves.x, halves.y ^ (int)0x80000000));
}
