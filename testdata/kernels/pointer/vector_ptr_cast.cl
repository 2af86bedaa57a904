//! kernel vector_ptr_cast
//! global 64
//! arg buffer<float> 256 random
//! arg buffer<float4> 64 out
//! tolerance 1e-6

// A scalar buffer read as float4 through a pointer cast, and a float4 buffer written as floats.
kernel void vector_ptr_cast(global const float *in, global float4 *out) {
  int g = get_global_id(0);
  float4 v = ((global const float4 *)in)[g];
  global float *o = (global float *)out;
  o[4 * g + 0] = v.w;
  o[4 * g + 1] = v.z + 1.0f;
  o[4 * g + 2] = v.y;
  o[4 * g + 3] = v.x * 2.0f;
}
