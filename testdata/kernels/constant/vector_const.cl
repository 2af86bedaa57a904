//! kernel vector_const
//! global 32
//! arg buffer<float4> 32 random
//! arg buffer<float4> 32 out
//! tolerance 1e-6

// __constant vector data and a __constant scalar.
constant float4 weights[3] = {(float4)(1.0f, 2.0f, 3.0f, 4.0f), (float4)(0.5f), (float4)(-1.0f, 0.0f, 1.0f, 0.0f)};
constant float bias = 0.25f;

kernel void vector_const(global const float4 *a, global float4 *out) {
  int g = get_global_id(0);
  out[g] = a[g] * weights[g % 3] + bias;
}
