//! kernel divmod_sign
//! global 64
//! arg buffer<int> 64 random(-1000,1000)
//! arg buffer<int> 64 random(-9,9)
//! arg buffer<int> 256 out

// Signed / truncates toward zero, % has the dividend's sign; unsigned views differ.
kernel void divmod_sign(global const int *a, global const int *b, global int *out) {
  int g = get_global_id(0);
  int x = a[g], y = b[g];
  if (y == 0) y = -4;
  out[4 * g + 0] = x / y;
  out[4 * g + 1] = x % y;
  out[4 * g + 2] = (int)((uint)x / (uint)y);
  out[4 * g + 3] = (int)((uint)x % (uint)y);
}
