//! kernel common_vector
//! global 128
//! arg buffer<float4> 128 random(-2,2)
//! arg buffer<float4> 512 out
//! tolerance 1e-6

// Common functions on vectors, with scalar edge/limit arguments.
kernel void common_vector(global const float4 *a, global float4 *out) {
  int g = get_global_id(0);
  float4 v = a[g];
  out[4 * g + 0] = clamp(v, -1.0f, 1.0f) + max(v, 0.5f) + min(v, (float4)(0.0f));
  out[4 * g + 1] = mix(v, v.wzyx, (float4)(0.0f, 0.25f, 0.5f, 1.0f)) + mix(v, (float4)(1.0f), 0.5f);
  out[4 * g + 2] = step(0.0f, v) + step(v, (float4)(0.5f));
  out[4 * g + 3] = smoothstep(0.0f, 1.5f, v) + sign(v);
}
