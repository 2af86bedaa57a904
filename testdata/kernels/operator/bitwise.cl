//! kernel bitwise
//! global 64
//! arg buffer<uint> 64 random
//! arg buffer<uint> 64 random
//! arg buffer<uint> 256 out

// Bitwise operators and their precedence against comparison and arithmetic.
kernel void bitwise(global const uint *a, global const uint *b, global uint *out) {
  int g = get_global_id(0);
  uint x = a[g], y = b[g];
  out[4 * g + 0] = x & y | x ^ y;
  out[4 * g + 1] = x & 0xFF00FF00u | ~y & 0x00FF00FFu;
  out[4 * g + 2] = (x & 1) == 0 ? x >> 1 : y << 1;
  out[4 * g + 3] = x ^ y ^ x + 1;
}
