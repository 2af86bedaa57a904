//! kernel long_compare
//! global 64
//! arg buffer<long> 64 random
//! arg buffer<ulong> 64 random
//! arg buffer<int> 192 out

// 64-bit comparisons, signed and unsigned, and min/max computed with ternaries.
kernel void long_compare(global const long *a, global const ulong *b, global int *out) {
  int g = get_global_id(0);
  long x = a[g];
  ulong y = b[g];
  long m = x < (long)y ? x : (long)y;
  out[3 * g + 0] = x < 0;
  out[3 * g + 1] = (ulong)x >= y;
  out[3 * g + 2] = (int)(m >> 40);
}
