//! kernel geometric
//! global 128
//! arg buffer<float4> 128 random(-3,3)
//! arg buffer<float4> 128 random(-3,3)
//! arg buffer<float> 512 out
//! arg buffer<float4> 256 out
//! tolerance 1e-5

// dot, cross, length, distance, normalize, fast_length on float2/3/4.
kernel void geometric(global const float4 *a, global const float4 *b, global float *s,
                      global float4 *v) {
  int g = get_global_id(0);
  float4 x = a[g], y = b[g];
  s[4 * g + 0] = dot(x, y) + dot(x.xy, y.zw);
  s[4 * g + 1] = length(x) + length(x.xyz);
  s[4 * g + 2] = distance(x, y) + distance(x.x, y.x);
  s[4 * g + 3] = fast_length(x.xy) + fast_distance(x.zw, y.zw);
  v[2 * g + 0] = (float4)(cross(x.xyz, y.xyz), 1.0f);
  v[2 * g + 1] = normalize(x) + fast_normalize(y);
}
