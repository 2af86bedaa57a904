//! kernel vector_math
//! global 128
//! arg buffer<float4> 128 random(0.1,4)
//! arg buffer<float4> 512 out
//! tolerance 1e-5

// Math builtins on float4 vectors, including vector-scalar forms (fmin(v, s), ldexp(v, n)).
kernel void vector_math(global const float4 *a, global float4 *out) {
  int g = get_global_id(0);
  float4 v = a[g];
  out[4 * g + 0] = sqrt(v) + exp(-v);
  out[4 * g + 1] = fmin(v, 2.0f) * fmax(v, (float4)(1.0f));
  out[4 * g + 2] = pow(v, (float4)(0.5f, 1.0f, 2.0f, 3.0f));
  out[4 * g + 3] = ldexp(v, 2) + sin(v) * cos(v);
}
