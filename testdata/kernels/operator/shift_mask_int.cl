//! kernel shift_mask_int
//! global 64
//! arg buffer<int> 64 random
//! arg buffer<int> 64 random(0,200)
//! arg buffer<int> 256 out

// OpenCL masks shift counts to the operand width (n & 31 for int), so large counts are defined.
kernel void shift_mask_int(global const int *a, global const int *b, global int *out) {
  int g = get_global_id(0);
  int x = a[g], n = b[g];
  out[4 * g + 0] = x << n;
  out[4 * g + 1] = x >> n;
  out[4 * g + 2] = (int)((uint)x >> n);
  out[4 * g + 3] = x >> 33;
}
