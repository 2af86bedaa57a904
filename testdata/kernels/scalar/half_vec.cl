//! kernel half_vec
//! global 64
//! arg buffer<half> 256 random
//! arg buffer<float> 256 out
//! arg buffer<half> 256 out

// vload_half4 / vstore_half4 and vstore_half_rtz on a half buffer.
kernel void half_vec(global const half *in, global float *out, global half *h2) {
  int i = get_global_id(0);
  float4 v = vload_half4(i, in);
  vstore4(v * 3.0f, i, out);
  vstore_half4_rtz(v * 0.1f, i, h2);
}
