//! kernel vector_args
//! global 32
//! arg buffer<float4> 32 random
//! arg buffer<float4> 32 out
//! arg float4 (1.0,2.0,3.0,4.0)
//! arg int2 (7,-7)
//! tolerance 1e-6

// Vector kernel arguments passed by value.
kernel void vector_args(global const float4 *in, global float4 *out, float4 scale, int2 off) {
  int g = get_global_id(0);
  out[g] = in[g] * scale + (float)(off.x + off.y * g);
}
