//! kernel vec_conv_cast
//! global 64
//! arg buffer<float4> 64 random(-100,100)
//! arg buffer<int4> 64 out
//! arg buffer<float4> 64 out

// Explicit casts between vector types are not allowed, so convert_* is used; a scalar cast to a vector splats.
kernel void vec_conv_cast(global const float4 *a, global int4 *o1, global float4 *o2) {
  int i = get_global_id(0);
  float4 v = a[i];
  o1[i] = convert_int4(v) + (int4)3;
  o2[i] = (float4)(v.x) + convert_float4(o1[i]);
}
