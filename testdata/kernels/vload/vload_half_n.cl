//! kernel vload_half_n
//! global 32
//! arg buffer<float> 1024 random(-100,100)
//! arg buffer<half> 1024 out
//! arg buffer<float> 1024 out

// vstore_half2/8/16 and vload_half2/8/16, and vloada_half4 on aligned data.
kernel void vload_half_n(global const float *in, global half *h, global float *back) {
  int g = get_global_id(0);
  vstore_half2(vload2(g, in), g, h);
  vstore_half8(vload8(g, in + 64), g, h + 64);
  vstore_half16_rte(vload16(g, in + 320), g, h + 320);
  vstore_half4(vload4(g, in + 832), g, h + 832);
  vstore2(vload_half2(g, h), g, back);
  vstore8(vload_half8(g, h + 64), g, back + 64);
  vstore16(vload_half16(g, h + 320), g, back + 320);
  vstore4(vloada_half4(g, h + 832) * 2.0f, g, back + 832);
  if (g < 16) {
    vstore4((float4)(g), g, back + 960);
    vstore_half4((float4)(-g), g, h + 960);
  }
}
