//! kernel integer_long
//! global 128
//! arg buffer<long> 128 random
//! arg buffer<ulong> 128 random
//! arg buffer<long> 768 out

// Integer builtins on 64-bit types.
kernel void integer_long(global const long *a, global const ulong *b, global long *out) {
  int g = get_global_id(0);
  long x = a[g];
  ulong y = b[g];
  global long *o = out + 6 * g;
  o[0] = add_sat(x, (long)y);
  o[1] = (long)mul_hi(y, y) + mul_hi(x, x);
  o[2] = popcount(x) + clz(y) * 100;
  o[3] = rotate(x, (long)g);
  o[4] = (long)abs_diff(x, (long)y);
  o[5] = hadd(x, (long)y) ^ (long)rhadd(y, (ulong)x);
}
