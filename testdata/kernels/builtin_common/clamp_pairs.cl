//! kernel clamp_pairs
//! global 256
//! local 64
//! arg buffer<float> 2048 random(-2,2)
//! arg buffer<int> 2048 random(-100,100)
//! arg buffer<float8> 256 out
//! arg buffer<int8> 256 out
//! arg buffer<uint4> 256 out

// clamp on eight-wide vectors (split in two halves, each a minimum of a
// maximum), and minima of maxima written out, with NaNs, infinities and
// signed zeros among the floats.
kernel void clamp_pairs(global const float *a, global const int *b,
                        global float8 *f, global int8 *g, global uint4 *u) {
  int i = get_global_id(0);
  float8 x = vload8(i, a);
  if (i % 5 == 0) x.s1 = 0.0f / 0.0f;
  if (i % 7 == 0) x.s6 = -INFINITY;
  if (i % 3 == 0) x.s3 = -0.0f;
  float lo = a[i] < 0.0f ? -0.0f : 0.0f;
  f[i] = clamp(x, lo, 1.0f) + fmin(fmax(x, -0.5f), (float8)(0.5f)) +
         fmin(1.5f, fmax(-1.5f, x));
  int8 y = vload8(i, b);
  g[i] = clamp(y, -50, 50) + min(max(y, b[i]), 60);
  uint4 z = convert_uint4(vload4(i, b) + 100);
  u[i] = clamp(z, (uint4)(20), (uint4)(180)) + min((uint)b[i] + 100u, max(z, 90u));
}
