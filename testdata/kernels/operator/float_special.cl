//! kernel float_special
//! global 16
//! arg buffer<float> 16 [0.0,-0.0,1.0,-1.0,0.5,3.0,-2.5,100.0]
//! arg buffer<float> 64 out
//! arg buffer<int> 64 out

// Division by zero, infinities, NaN comparisons and signed zero in float arithmetic.
kernel void float_special(global const float *a, global float *out, global int *cmp) {
  int g = get_global_id(0);
  float x = a[g];
  float inf = x / 0.0f;
  float nan = 0.0f * inf;
  out[4 * g + 0] = inf;
  out[4 * g + 1] = 1.0f / inf;
  out[4 * g + 2] = nan;
  out[4 * g + 3] = -x;
  cmp[4 * g + 0] = nan == nan;
  cmp[4 * g + 1] = nan != nan;
  cmp[4 * g + 2] = x == -x;
  cmp[4 * g + 3] = inf > 1e30f;
}
