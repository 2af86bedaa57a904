//! kernel shift_mask_small
//! global 64
//! arg buffer<uchar> 64 random
//! arg buffer<char> 64 random
//! arg buffer<uchar> 64 random(0,40)
//! arg buffer<int> 256 out

// Shifts of char/uchar: the operand is promoted to int first, so the mask is 31, not 7.
kernel void shift_mask_small(global const uchar *a, global const char *b,
                             global const uchar *n, global int *out) {
  int g = get_global_id(0);
  uchar x = a[g];
  char y = b[g];
  uchar k = n[g] & 15;
  out[4 * g + 0] = x << k;
  out[4 * g + 1] = y >> (k & 7);
  out[4 * g + 2] = (uchar)(x << 4);
  out[4 * g + 3] = y << 20;
}
