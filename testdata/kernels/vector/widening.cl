//! kernel widening
//! global 128
//! arg buffer<float4> 128 random
//! arg buffer<float> 128 random
//! arg buffer<float4> 128 out
//! tolerance 1e-6

// Scalar widening: a scalar operand of a vector operator is splatted.
kernel void widening(global const float4 *a, global const float *s, global float4 *out) {
  int i = get_global_id(0);
  float4 v = a[i];
  float k = s[i];
  float4 r = v * k + 1.0f;
  r = 2.0f - r;
  r /= 4;
  out[i] = r + (k > 0.5f ? 1.0f : 0.0f);
}
