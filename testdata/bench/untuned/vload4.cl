kernel void scale4(global const float *in, global float *out, float s) {
  int i = get_global_id(0);
  float4 v = vload4(i, in);
  vstore4(v * s + (float4)(1.0f), i, out);
}
//! kernel scale4
//! global 1048576
//! local 256
//! arg buffer<float> 4194304 random
//! arg buffer<float> 4194304 out
//! arg float 2.5
//! tolerance 1e-6
