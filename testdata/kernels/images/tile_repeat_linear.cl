//! kernel tile_repeat_linear
//! global 24,10
//! arg image2d<rgba,half> 5x4 random(-2,2)
//! arg image2d<r,unorm16> 7x3 random
//! arg image2d<r,snorm8> 6x5 random
//! arg image3d<rgba,snorm16> 4x3x2 random
//! arg buffer<float4> 1200 out
//! arg sampler normalized,mirrored_repeat,linear
//! tolerance 1e-2
// Tiling textures: normalized coordinates running over several
// repetitions of the image, both sides of 0, with linear filtering under
// REPEAT (literal samplers) and MIRRORED_REPEAT (the sampler argument),
// from RGBA half, R UNORM_INT16, R SNORM_INT8 and 3D RGBA SNORM_INT16
// images. Linear filtering is continuous across the wraps and
// mirrors, so a tolerance absorbs the rounding of weights.
constant sampler_t tile = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
constant sampler_t tile_near = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;

kernel void tile_repeat_linear(read_only image2d_t h, read_only image2d_t r16, read_only image2d_t s8,
                               read_only image3d_t vol, global float4 *out, sampler_t mirror) {
  int i = get_global_id(0), j = get_global_id(1);
  // From -1.3 to 3.1 repetitions across x, -0.9 to 2.0 down y, away from
  // the texel centres and edges where nearest sampling could round either way.
  float2 c = (float2)(-1.3f + 0.19f * i + 0.0113f, -0.9f + 0.317f * j + 0.0071f);
  int o = (j * 24 + i) * 5;
  out[o] = read_imagef(h, tile, c) + 4.0f * read_imagef(h, mirror, c);
  out[o + 1] = read_imagef(r16, tile, c) + 4.0f * read_imagef(r16, mirror, c);
  out[o + 2] = read_imagef(s8, tile, c) + 4.0f * read_imagef(s8, mirror, c);
  float4 p = (float4)(c, 0.43f * c.x - 0.77f * c.y, 0.0f);
  out[o + 3] = read_imagef(vol, tile, p) + 4.0f * read_imagef(vol, mirror, p);
  out[o + 4] = read_imagef(h, tile_near, c * 0.9f + 0.013f);
}
