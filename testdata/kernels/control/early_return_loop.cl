//! kernel early_return_loop
//! global 64
//! arg buffer<int> 64 random(0,50)
//! arg buffer<int> 64 out

// A kernel that returns from inside a loop after writing its result.
kernel void early_return_loop(global const int *a, global int *out) {
  int g = get_global_id(0);
  int s = 0;
  for (int k = 0; k < 100; k++) {
    s += k;
    while (s > 1000) {
      out[g] = k;
      return;
    }
    if (s > a[g] * 10) {
      out[g] = -k;
      return;
    }
  }
  out[g] = 12345;
}
