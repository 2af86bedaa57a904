//! kernel formats_float
//! global 6,5
//! arg image2d<rgba,unorm8> 6x5 random
//! arg image2d<bgra,unorm8> 6x5 random
//! arg image2d<r,unorm16> 6x5 random
//! arg image2d<rgba,snorm8> 6x5 random
//! arg image2d<r,snorm16> 6x5 random
//! arg image2d<rgba,half> 6x5 random(-8,8)
//! arg image2d<r,float> 6x5 random(-8,8)
//! arg image2d<bgra,unorm8> 6x5 out
//! arg image2d<rgba,unorm16> 6x5 out
//! arg image2d<r,snorm8> 6x5 out
//! arg image2d<rgba,snorm16> 6x5 out
//! arg image2d<rgba,half> 6x5 out
//! arg image2d<r,float> 6x5 out
//! arg buffer<float4> 210 out
//! tolerance 1e-2

// read_imagef and write_imagef through the conversions of OpenCL C §8.3
// for the normalized, half and float formats: every texel read without a
// sampler, with a nearest sampler and with a linear one (between four
// texels), and written to formats of other orders and types. Values
// written fall outside [0, 1] and [-1, 1] too, to check saturation; a
// channel the format lacks reads as 0 (alpha as 1). The tolerance is for
// linear filtering: lavapipe blends 8-bit normalized texels in 8-bit fixed
// point (results up to 1/255 from the exact blend; OpenCL leaves the
// precision of linear filtering to the implementation).
constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
constant sampler_t linear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

kernel void formats_float(read_only image2d_t rgba8, read_only image2d_t bgra8, read_only image2d_t r16,
                          read_only image2d_t rgba_sn8, read_only image2d_t r_sn16, read_only image2d_t rgba_h,
                          read_only image2d_t r_f, write_only image2d_t w_bgra8, write_only image2d_t w_rgba16,
                          write_only image2d_t w_r_sn8, write_only image2d_t w_rgba_sn16,
                          write_only image2d_t w_rgba_h, write_only image2d_t w_r_f, global float4 *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  int i = p.y * 6 + p.x;
  float2 between = ((float2)(p.x, p.y) + 0.25f) / (float2)(6.0f, 5.0f);
  out[7 * i] = read_imagef(rgba8, p) + read_imagef(bgra8, nearest, p);
  out[7 * i + 1] = read_imagef(r16, p) + read_imagef(rgba_sn8, nearest, p);
  out[7 * i + 2] = read_imagef(r_sn16, p) + read_imagef(rgba_h, nearest, p) + read_imagef(r_f, p);
  out[7 * i + 3] = read_imagef(rgba8, linear, between) + read_imagef(bgra8, linear, between);
  out[7 * i + 4] = read_imagef(r16, linear, between) + read_imagef(rgba_sn8, linear, between);
  out[7 * i + 5] = read_imagef(r_sn16, linear, between) + read_imagef(rgba_h, linear, between);
  out[7 * i + 6] = read_imagef(r_f, linear, between);
  float4 v = read_imagef(rgba_h, p);
  write_imagef(w_bgra8, p, v * 0.25f);
  write_imagef(w_rgba16, p, read_imagef(bgra8, p) * 1.5f - 0.25f);
  write_imagef(w_r_sn8, p, v);
  write_imagef(w_rgba_sn16, p, read_imagef(rgba_sn8, p).wzyx * 1.25f);
  write_imagef(w_rgba_h, p, v * 3.0f + read_imagef(r_f, p));
  write_imagef(w_r_f, p, read_imagef(r_f, p) * 0.5f);
}
