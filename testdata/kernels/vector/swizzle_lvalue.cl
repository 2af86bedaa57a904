//! kernel swizzle_lvalue
//! global 128
//! arg buffer<float4> 128 random
//! arg buffer<float4> 128 out

// Swizzles as assignment targets, including compound assignment and ++.
kernel void swizzle_lvalue(global const float4 *in, global float4 *out) {
  int i = get_global_id(0);
  float4 v = in[i];
  v.wx = v.xw;
  v.yz += (float2)(10.0f, 20.0f);
  v.s3 *= 2.0f;
  v.hi.y -= 1.0f;
  v.x++;
  out[i] = v;
}
