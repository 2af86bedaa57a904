//! kernel pi_trig
//! global 256
//! arg buffer<float> 256 random(-2,2)
//! arg buffer<float> 1536 out
//! tolerance 1e-5

// sinpi, cospi, tanpi, asinpi, acospi, atanpi, atan2pi.
kernel void pi_trig(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  global float *o = out + 6 * g;
  o[0] = sinpi(x);
  o[1] = cospi(x);
  o[2] = tanpi(x * 0.2f);
  o[3] = asinpi(x * 0.5f) + acospi(x * 0.5f);
  o[4] = atanpi(x);
  o[5] = atan2pi(x, 0.5f);
}
