//! kernel cross4
//! global 64
//! arg buffer<float4> 64 random(-1,1)
//! arg buffer<float4> 64 random(-1,1)
//! arg buffer<float4> 64 out
//! tolerance 1e-6

// cross of float4 (w is 0 in the result) and normalize of a scalar.
kernel void cross4(global const float4 *a, global const float4 *b, global float4 *out) {
  int g = get_global_id(0);
  float4 c = cross(a[g], b[g]);
  c.w += normalize(a[g].x - 2.0f);
  out[g] = c;
}
