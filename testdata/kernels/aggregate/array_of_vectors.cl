//! kernel array_of_vectors
//! global 32
//! arg buffer<float4> 32 random
//! arg buffer<float4> 32 out
//! tolerance 1e-6

// A private array of vectors indexed dynamically.
kernel void array_of_vectors(global const float4 *in, global float4 *out) {
  int i = get_global_id(0);
  float4 t[5];
  for (int k = 0; k < 5; k++)
    t[k] = in[(i + k) % 32] * (float)k;
  out[i] = t[i % 5] + t[4].wzyx;
}
