//! kernel native_half
//! global 256
//! arg buffer<float> 256 random(0.5,4)
//! arg buffer<float> 1024 out
//! tolerance 2e-3

// native_* and half_* math: implementation-defined accuracy, so a loose tolerance.
kernel void native_half(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  global float *o = out + 4 * g;
  o[0] = native_exp(x) + native_log(x);
  o[1] = native_sqrt(x) * native_rsqrt(x) + native_recip(x);
  o[2] = half_sin(x) + half_cos(x);
  o[3] = native_divide(x, 3.0f) + native_powr(x, 1.5f);
}
