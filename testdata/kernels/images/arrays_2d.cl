//! kernel arrays_2d
//! global 8,6,3
//! arg image2d_array<bgra,unorm8> 5x4x3 random
//! arg image2d_array<rgba,float> 8x6x3 out
//! arg buffer<float4> 144 out
//! tolerance 1e-2

// 2D array images: a BGRA layer stack sampled with literal samplers at
// unnormalized coordinates (nearest and linear, CLAMP_TO_EDGE), layer
// coordinates between layers and past both ends (rounded to the nearest
// layer and clamped, OpenCL C §8.4), and read without a sampler; every
// layer of the output array written.
constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
constant sampler_t linear = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

kernel void arrays_2d(read_only image2d_array_t src, write_only image2d_array_t dst, global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  float4 c = (float4)(-0.75f + 0.75f * x, -0.25f + 0.75f * y, -0.7f + 1.2f * z, 0.0f);
  float4 v = read_imagef(src, linear, c);
  write_imagef(dst, (int4)(x, y, z, 0), v);
  out[(z * 6 + y) * 8 + x] = read_imagef(src, nearest, c) + read_imagef(src, (int4)(x % 5, y % 4, 2 - z, 0));
}
