//! kernel shift_mask_long
//! global 64
//! arg buffer<long> 64 random
//! arg buffer<uint> 64 random(0,300)
//! arg buffer<long> 192 out

// long shifts mask the count with 63.
kernel void shift_mask_long(global const long *a, global const uint *n, global long *out) {
  int g = get_global_id(0);
  long x = a[g];
  out[3 * g + 0] = x << n[g];
  out[3 * g + 1] = x >> n[g];
  out[3 * g + 2] = (long)((ulong)x >> (n[g] + 64));
}
