//! kernel as_float4_masks
//! global 64
//! arg buffer<float4> 64 random(-1,1)
//! arg buffer<float4> 64 out
//! tolerance 1e-6

// as_int4 / as_float4 to implement fabs and negation with integer masks.
kernel void as_float4_masks(global const float4 *a, global float4 *out) {
  int g = get_global_id(0);
  int4 i = as_int4(a[g]);
  float4 absv = as_float4(i & 0x7FFFFFFF);
  float4 negv = as_float4(i ^ (int4)(0x80000000));
  out[g] = absv * 10.0f + negv;
}
