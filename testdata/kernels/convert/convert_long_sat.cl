//! kernel conv_long_sat
//! global 64
//! arg buffer<long> 64 random
//! arg buffer<ulong> 64 random
//! arg buffer<int> 256 out

// Saturating conversions from 64-bit integers to 32- and 8-bit ones, and between signed and unsigned.
kernel void conv_long_sat(global const long *a, global const ulong *b, global int *out) {
  int g = get_global_id(0);
  long x = a[g] >> (g % 40);
  ulong y = b[g] >> (g % 50);
  out[4 * g + 0] = convert_int_sat(x);
  out[4 * g + 1] = (int)convert_uint_sat(x);
  out[4 * g + 2] = convert_char_sat(y);
  out[4 * g + 3] = (int)convert_ulong_sat(x) + convert_int_sat(y);
}
