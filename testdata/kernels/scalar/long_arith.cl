//! kernel long_arith
//! global 256
//! arg buffer<long> 256 random
//! arg buffer<long> 256 random(-1000000000000,1000000000000)
//! arg buffer<long> 1280 out

// long: 64-bit arithmetic; divisors are non-zero and never -1 (no INT_MIN/-1).
kernel void long_arith(global const long *a, global const long *b, global long *out) {
  int i = get_global_id(0);
  long x = a[i], y = b[i];
  if (y == 0 || y == -1) y = 3;
  out[5 * i + 0] = x + y;
  out[5 * i + 1] = x - y;
  out[5 * i + 2] = x * y;
  out[5 * i + 3] = x / y;
  out[5 * i + 4] = x % y;
}
