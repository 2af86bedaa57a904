//! kernel integer
//! global 256
//! arg buffer<int> 256 random
//! arg buffer<int> 256 random
//! arg buffer<int> 2560 out

// Integer builtins: abs, abs_diff, add_sat, sub_sat, hadd, rhadd, clz, mul_hi, rotate, popcount.
kernel void integer(global const int *a, global const int *b, global int *out) {
  int g = get_global_id(0);
  int x = a[g], y = b[g];
  global int *o = out + 10 * g;
  o[0] = abs(x);
  o[1] = abs_diff(x, y);
  o[2] = add_sat(x, y);
  o[3] = sub_sat(x, y);
  o[4] = hadd(x, y);
  o[5] = rhadd(x, y);
  o[6] = clz(x) + clz(0);
  o[7] = mul_hi(x, y);
  o[8] = rotate(x, y);
  o[9] = popcount(x);
}
