//! kernel mandel_small
//! global 32,32
//! local 8,8
//! arg buffer<int> 1024 out
//! arg int 64
//! mismatch 0.01

// Small escape-time Mandelbrot with integer counts (divergent loop lengths in each group).
// A contracted multiply-add may change an iteration count near the boundary, hence the mismatch allowance.
kernel void mandel_small(global int *out, int max_iter) {
  int px = get_global_id(0), py = get_global_id(1);
  float cx = -2.0f + px * (2.5f / 32.0f), cy = -1.25f + py * (2.5f / 32.0f);
  float x = 0.0f, y = 0.0f;
  int it = 0;
  while (it < max_iter && x * x + y * y < 4.0f) {
    float t = x * x - y * y + cx;
    y = 2.0f * x * y + cy;
    x = t;
    it++;
  }
  out[py * 32 + px] = it;
}
