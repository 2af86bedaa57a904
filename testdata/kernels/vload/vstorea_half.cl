//! kernel vstorea_half_modes
//! global 64
//! arg buffer<float4> 64 random(-4,4)
//! arg buffer<half> 256 out

// vstorea_half4 with every rounding-mode suffix across work-items.
kernel void vstorea_half_modes(global const float4 *in, global half *h) {
  int g = get_global_id(0);
  float4 v = in[g] * 1000.0f;
  switch (g & 3) {
  case 0: vstorea_half4(v, g, h); break;
  case 1: vstorea_half4_rtz(v, g, h); break;
  case 2: vstorea_half4_rtp(v, g, h); break;
  default: vstorea_half4_rtn(v, g, h); break;
  }
}
