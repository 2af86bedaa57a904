//! kernel erf_gamma
//! global 256
//! arg buffer<float> 256 random(0.2,5)
//! arg buffer<float> 1024 out
//! tolerance 1e-4

// erf, erfc, tgamma, lgamma.
kernel void erf_gamma(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  global float *o = out + 4 * g;
  o[0] = erf(x - 2.5f);
  o[1] = erfc(x - 2.5f);
  o[2] = tgamma(x);
  o[3] = lgamma(x * 3.0f);
}
