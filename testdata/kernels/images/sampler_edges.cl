//! kernel sampler_edges
//! global 8
//! arg image2d<rgba,uint8> 5x3 random
//! arg image2d<rgba,float> 5x3 random
//! arg buffer<uint4> 8 out
//! arg buffer<float4> 8 out
//! arg sampler normalized,repeat,nearest

// Nearest sampling where OpenCL's float32 formulas and a sampler's own
// rounding part: REPEAT and MIRRORED_REPEAT just below 0 and 1 (s -
// floor(s) rounds to 1.0 at -2^-37, which wraps to texel 0, where
// floor(s * width) = -1 wraps to the last texel), through a sampler
// argument (state known at run time) and a literal sampler.
kernel void sampler_edges(read_only image2d_t iu, read_only image2d_t fl,
                          global uint4 *ou, global float4 *of, sampler_t s) {
  const float xs[8] = {-0x1p-37f, -0x1p-24f, 0x1p-37f, 1.0f - 0x1p-25f,
                       1.0f, -1.0f - 0x1p-23f, 0.2f, 0.6f};
  int i = get_global_id(0);
  float x = xs[i];
  float2 c = (float2)(x, 1.0f - x);
  ou[i] = read_imageui(iu, s, c);
  of[i] = read_imagef(fl, s, c) +
          2.0f * read_imagef(fl, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST, c);
}
