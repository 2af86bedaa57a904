//! kernel images_1d
//! global 24
//! arg image1d<rgba,unorm16> 7 random
//! arg image1d_array<r,float> 9x3 random(-4,4)
//! arg image1d_buffer<rgba,int32> 24 random(-1000,1000)
//! arg image1d<rgba,unorm16> 24 out
//! arg buffer<float4> 96 out
//! arg sampler normalized,repeat,linear
//! tolerance 1e-4

// The 1D image types: a 1D image sampled through a sampler argument
// (normalized, REPEAT, linear) and read without one, a 1D array sampled
// with a literal sampler at unnormalized coordinates (the layer is the
// second coordinate, rounded and clamped, never normalized), a 1D buffer
// image read at integer coordinates, and a 1D image written.
constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void images_1d(read_only image1d_t a, read_only image1d_array_t b, read_only image1d_buffer_t c,
                      write_only image1d_t w, global float4 *out, sampler_t s) {
  int i = get_global_id(0);
  float u = (-2.25f + 0.5f * i) / get_image_width(a);
  out[4 * i] = read_imagef(a, s, u);
  out[4 * i + 1] = read_imagef(a, i % 7);
  // Layers -1.4 .. 3.8: rounded to the nearest, then clamped to [0, 2].
  out[4 * i + 2] = read_imagef(b, edge, (float2)(-1.25f + 0.5f * i, -1.4f + 0.2f * i)) +
                   read_imagef(b, (int2)(i % 9, i % 3));
  out[4 * i + 3] = convert_float4(read_imagei(c, 23 - i));
  write_imagef(w, i, read_imagef(a, s, (float)i / 24.0f));
}
