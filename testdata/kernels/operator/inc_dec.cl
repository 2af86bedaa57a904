//! kernel inc_dec
//! global 64
//! arg buffer<int> 64 iota
//! arg buffer<int> 256 out

// Prefix and postfix increment and decrement, their values, on ints, floats and pointers.
kernel void inc_dec(global int *a, global int *out) {
  int g = get_global_id(0);
  int x = a[g];
  int y = x++;
  int z = ++x;
  float f = 0.5f;
  f++;
  global int *p = &a[g];
  (*p)--;
  out[4 * g + 0] = y;
  out[4 * g + 1] = z + x--;
  out[4 * g + 2] = x + (int)(f * 2);
  out[4 * g + 3] = --(*p);
}
