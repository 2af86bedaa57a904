//! kernel hints
//! global 64
//! local 16
//! arg buffer<float4> 64 random
//! arg buffer<float4> 64 out
//! tolerance 1e-6

// work_group_size_hint and vec_type_hint attributes do not change results.
__attribute__((work_group_size_hint(16, 1, 1))) __attribute__((vec_type_hint(float4)))
kernel void hints(global const float4 *in, global float4 *out) {
  int g = get_global_id(0);
  out[g] = in[g] * 2.0f;
}
