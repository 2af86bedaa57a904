//! kernel ulong_arith
//! global 256
//! arg buffer<ulong> 256 random
//! arg buffer<ulong> 256 random(1,18446744073709551615)
//! arg buffer<ulong> 1280 out

// ulong: full-range unsigned 64-bit arithmetic and shifts.
kernel void ulong_arith(global const ulong *a, global const ulong *b, global ulong *out) {
  int i = get_global_id(0);
  ulong x = a[i], y = b[i];
  out[5 * i + 0] = x * y;
  out[5 * i + 1] = x / y;
  out[5 * i + 2] = x % y;
  out[5 * i + 3] = (x >> 17) | (y << 47);
  out[5 * i + 4] = x > y ? x - y : y - x;
}
