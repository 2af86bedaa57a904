//! kernel const_2d
//! global 16,16
//! arg buffer<float> 256 random
//! arg buffer<float> 256 out
//! tolerance 1e-5

// A 2-D __constant filter (3x3 box blur weights) applied with clamped borders.
constant float filt[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};

kernel void const_2d(global const float *in, global float *out) {
  int x = get_global_id(0), y = get_global_id(1);
  float s = 0.0f;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      int xx = clamp(x + dx, 0, 15), yy = clamp(y + dy, 0, 15);
      s += filt[dy + 1][dx + 1] * in[yy * 16 + xx];
    }
  out[y * 16 + x] = s / 16.0f;
}
