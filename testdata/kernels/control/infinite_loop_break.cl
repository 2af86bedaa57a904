//! kernel infinite_loop_break
//! global 64
//! arg buffer<uint> 64 random
//! arg buffer<uint> 64 out

// while (1) with break: a xorshift sequence until the low byte is zero or 1000 steps.
kernel void infinite_loop_break(global const uint *a, global uint *out) {
  int g = get_global_id(0);
  uint x = a[g] | 1, n = 0;
  while (1) {
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    n++;
    if ((x & 0xFF) == 0 || n == 1000) break;
  }
  out[g] = n;
}
