//! kernel integer_small
//! global 256
//! arg buffer<uchar> 256 random
//! arg buffer<char> 256 random
//! arg buffer<short> 1536 out

// Integer builtins on narrow types: saturation and rotation at 8 bits.
kernel void integer_small(global const uchar *a, global const char *b, global short *out) {
  int g = get_global_id(0);
  uchar x = a[g];
  char y = b[g];
  global short *o = out + 6 * g;
  o[0] = add_sat(x, (uchar)200);
  o[1] = sub_sat(y, (char)100);
  o[2] = rotate(x, (uchar)(g & 15));
  o[3] = clz(y) + popcount(x);
  o[4] = abs(y) + abs_diff(y, (char)-128);
  o[5] = mul_hi(x, (uchar)g) + hadd(y, (char)-1);
}
