//! kernel unsigned_compare
//! global 64
//! arg buffer<uint> 64 random
//! arg buffer<int> 64 random
//! arg buffer<int> 256 out

// Unsigned comparisons near the sign bit, and comparing signed values after conversion.
kernel void unsigned_compare(global const uint *a, global const int *b, global int *out) {
  int g = get_global_id(0);
  uint u = a[g];
  int s = b[g];
  out[4 * g + 0] = u > 0x7FFFFFFFu;
  out[4 * g + 1] = (uint)s > u;
  out[4 * g + 2] = s > (int)u;
  out[4 * g + 3] = (ulong)u > (ulong)(long)s;
}
