//! kernel integer_minmax
//! global 256
//! arg buffer<int> 256 random(-1000,1000)
//! arg buffer<uint> 256 random
//! arg buffer<int> 1024 out

// Integer min, max, clamp, mad24, mul24, mad_hi, mad_sat, upsample.
kernel void integer_minmax(global const int *a, global const uint *b, global int *out) {
  int g = get_global_id(0);
  int x = a[g];
  uint u = b[g];
  global int *o = out + 4 * g;
  o[0] = min(x, 100) + max(x, -100) + clamp(x, -10, 10);
  o[1] = mad24(x, g, 7) + mul24(x, -3);
  o[2] = (int)(mad_hi(u, u, 5u) + min(u, 1000u));
  long up = upsample(x, u);
  o[3] = (int)(up >> 16) ^ mad_sat(x, 100000, x);
}
