//! kernel vec3_buffer
//! global 64
//! arg buffer<float3> 64 random
//! arg buffer<float3> 64 out
//! tolerance 1e-6

// float3 buffers take 16 bytes per element (sizeof(float3) == 16).
kernel void vec3_buffer(global const float3 *a, global float3 *out) {
  int i = get_global_id(0);
  float3 v = a[i];
  out[i] = v.zyx * (float)sizeof(float3) + v;
}
