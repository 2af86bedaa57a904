//! kernel long_mixed
//! global 128
//! arg buffer<int> 128 random
//! arg buffer<uint> 128 random
//! arg buffer<long> 512 out

// Mixing int, uint and long: sign- versus zero-extension on widening.
kernel void long_mixed(global const int *a, global const uint *b, global long *out) {
  int i = get_global_id(0);
  int x = a[i];
  uint y = b[i];
  out[4 * i + 0] = x;
  out[4 * i + 1] = y;
  out[4 * i + 2] = (long)x * (long)y;
  out[4 * i + 3] = x + (long)y;
}
