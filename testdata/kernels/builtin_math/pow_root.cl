//! kernel pow_root
//! global 256
//! arg buffer<float> 256 random(0.1,10)
//! arg buffer<float> 2048 out
//! tolerance 2e-5

// pow, pown, powr, rootn, sqrt, rsqrt, cbrt, hypot.
kernel void pow_root(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  global float *o = out + 8 * g;
  o[0] = pow(x, 1.7f);
  o[1] = pown(x, g % 7 - 3);
  o[2] = powr(x, 0.3f);
  o[3] = rootn(x, 3);
  o[4] = sqrt(x);
  o[5] = rsqrt(x);
  o[6] = cbrt(-x);
  o[7] = hypot(x, 2.0f);
}
