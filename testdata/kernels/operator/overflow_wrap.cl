//! kernel overflow_wrap
//! global 64
//! arg buffer<uint> 64 random
//! arg buffer<uint> 256 out

// Unsigned arithmetic wraps modulo 2^N; conversion of out-of-range values to smaller types truncates.
kernel void overflow_wrap(global const uint *a, global uint *out) {
  int g = get_global_id(0);
  uint x = a[g] | 0x80000000u;
  out[4 * g + 0] = x + x;
  out[4 * g + 1] = x * 0xFFFFFFFFu;
  out[4 * g + 2] = (ushort)(x * 3u) + (uchar)x;
  out[4 * g + 3] = 0u - x;
}
