//! kernel exp_log
//! global 256
//! arg buffer<float> 256 random(0.01,20)
//! arg buffer<float> 2048 out
//! tolerance 1e-5

// exp, exp2, exp10, expm1, log, log2, log10, log1p.
kernel void exp_log(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  global float *o = out + 8 * g;
  o[0] = exp(x * 0.2f);
  o[1] = exp2(x * 0.5f);
  o[2] = exp10(x * 0.1f);
  o[3] = expm1(x * 0.01f);
  o[4] = log(x);
  o[5] = log2(x);
  o[6] = log10(x);
  o[7] = log1p(x);
}
