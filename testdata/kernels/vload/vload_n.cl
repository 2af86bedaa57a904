//! kernel vload_n
//! global 64
//! arg buffer<float> 1024 random
//! arg buffer<float> 1024 out
//! tolerance 1e-6

// vload2/4/8/16 and vstore2/4/8/16 on a float buffer.
kernel void vload_n(global const float *in, global float *out) {
  int g = get_global_id(0);
  float2 a = vload2(g, in);
  float4 b = vload4(g, in + 128);
  float8 c = vload8(g, in + 384);
  vstore2(a * 2.0f, g, out);
  vstore4(b + 1.0f, g, out + 128);
  vstore8(c.s76543210, g, out + 384);
  if (g < 8) {
    float16 d = vload16(g, in + 896);
    vstore16(-d, g, out + 896);
  }
}
