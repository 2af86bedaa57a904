//! kernel width3
//! global 128
//! arg buffer<float> 384 random
//! arg buffer<float4> 128 out
//! tolerance 1e-6

// 3-wide vectors: vload3, .xyz, .lo/.hi of a 3-vector (hi has an undefined w, not read).
kernel void width3(global const float *in, global float4 *out) {
  int i = get_global_id(0);
  float3 v = vload3(i, in);
  float3 w = v.zxy * 2.0f + (float3)(1.0f, 2.0f, 3.0f);
  float2 lo = v.lo;
  out[i] = (float4)(w, lo.x + lo.y + v.hi.x);
}
