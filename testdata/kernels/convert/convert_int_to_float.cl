//! kernel convert_int_to_float
//! global 64
//! arg buffer<int> 64 random(16777000,16777300)
//! arg buffer<uint> 64 random
//! arg buffer<float> 320 out

// Int-to-float rounding modes for values beyond 2^24, where rounding matters.
kernel void convert_int_to_float(global const int *a, global const uint *b, global float *out) {
  int g = get_global_id(0);
  int x = a[g] * 3;
  global float *o = out + 5 * g;
  o[0] = convert_float(x);
  o[1] = convert_float_rtz(x);
  o[2] = convert_float_rtp(x);
  o[3] = convert_float_rtn(-x);
  o[4] = convert_float_rte(b[g]);
}
