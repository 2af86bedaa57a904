//! kernel signed_wrap
//! global 64
//! arg buffer<int> 64 random(1,1000)
//! arg buffer<int> 192 out

// Signed overflow of values only known at run time wraps on every OpenCL device in practice.
kernel void signed_wrap(global const int *a, global int *out) {
  int g = get_global_id(0);
  int x = a[g];
  int big = INT_MAX - 5 + (x & 3);
  out[3 * g + 0] = big + x;
  out[3 * g + 1] = (int)((uint)big * 3u);
  out[3 * g + 2] = (short)(x * 100);
}
