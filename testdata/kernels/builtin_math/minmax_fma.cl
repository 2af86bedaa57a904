//! kernel minmax_fma
//! global 256
//! arg buffer<float> 256 random(-10,10)
//! arg buffer<float> 256 random(-10,10)
//! arg buffer<float> 1536 out
//! tolerance 1e-6

// fmin, fmax, fabs, fma, mad, maxmag, minmag.
kernel void minmax_fma(global const float *a, global const float *b, global float *out) {
  int g = get_global_id(0);
  float x = a[g], y = b[g];
  global float *o = out + 6 * g;
  o[0] = fmin(x, y);
  o[1] = fmax(x, y) + fabs(x);
  o[2] = fma(x, y, 1.0f);
  o[3] = mad(x, y, -2.0f);
  o[4] = maxmag(x, y);
  o[5] = minmag(x, y);
}
