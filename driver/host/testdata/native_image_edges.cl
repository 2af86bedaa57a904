//! kernel native_image_edges
//! global 16,6
//! arg image2d<rgba,float> 5x3 random(-1,1)
//! arg image2d<rgba,unorm8> 5x3 random
//! arg image2d<r,float> 5x3 random(-1,1)
//! arg image2d<r,unorm8> 7x3 random
//! arg image2d<r,uint8> 7x3 random
//! arg image2d_array<rgba,float> 5x3x2 random(-1,1)
//! arg image1d<bgra,unorm8> 6 random
//! arg buffer<float4> 1056 out
//! arg image2d<rgba,unorm8> 16x6 out
//! arg image2d<r,unorm8> 16x6 out
//! arg image2d<rgba,uint8> 16x6 out
//! arg image2d<bgra,unorm8> 16x6 out
//! arg sampler unnormalized,clamp,nearest
// Native image code (driver/host/internal/jit/image.go) at the edges,
// against the interpreter bit for bit (TestNativeImageEdges): nearest
// sampling at NaN, infinite and huge coordinates, just outside and
// inside each edge, with CLAMP_TO_EDGE, CLAMP (the border colour of
// RGBA and R orders), NONE, normalized coordinates, a sampler argument
// and the layer of an array, a BGRA image; fetches outside the image; writes of NaN,
// infinities and the rounding boundaries of UNORM_INT8, and of integers
// above 255 to UNSIGNED_INT8. Many of these results are undefined in
// OpenCL (so the kernel is not in the corpus checked against PoCL):
// clgo's are texel's.
constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
constant sampler_t clampb = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
constant sampler_t none = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
constant sampler_t nedge = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
constant sampler_t nclamp = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

kernel void native_image_edges(read_only image2d_t f4, read_only image2d_t u8x4, read_only image2d_t f1,
                               read_only image2d_t u8, read_only image2d_t ui8, read_only image2d_array_t arr,
                               read_only image1d_t line, global float4 *out, write_only image2d_t w8x4,
                               write_only image2d_t w8, write_only image2d_t wui8, write_only image2d_t wbgra,
                               sampler_t s) {
  const float xs[16] = {as_float(0x7fc00000u), -INFINITY, INFINITY, -3e9f, 3e9f, -1.5f, -1.0f, -0.5f,
                        -0x1p-30f, -0.0f, 0.5f, 4.99f, 5.0f, 5.5f, 0x1p30f, 1e30f};
  const float ys[6] = {as_float(0x7fc00000u), -0.75f, 0.0f, 1.5f, 2.999f, 3.0f};
  int i = get_global_id(0), j = get_global_id(1);
  float2 c = (float2)(xs[i], ys[j]);
  float2 n = c / (float2)(5.0f, 3.0f);
  int o = (j * 16 + i) * 11;
  out[o] = read_imagef(f4, edge, c);
  out[o + 1] = read_imagef(u8x4, clampb, c);
  out[o + 2] = read_imagef(f1, clampb, c) + 4.0f * read_imagef(f1, none, c);
  out[o + 3] = read_imagef(u8, nedge, n) + 2.0f * read_imagef(u8, nclamp, n);
  out[o + 4] = convert_float4(read_imageui(ui8, s, c));
  out[o + 5] = read_imagef(arr, edge, (float4)(c, ys[(i + j) % 6] + 0.5f, 0.0f));
  out[o + 6] = read_imagef(f4, s, c);
  out[o + 7] = read_imagef(line, edge, c.x) + read_imagef(line, (int)c.y * 3 + i - 6);
  int2 p = (int2)(i - 5, j - 1);
  out[o + 8] = read_imagef(f4, p);
  out[o + 9] = read_imagef(u8x4, p) + read_imagef(f1, p);
  out[o + 10] = read_imagef(u8, p) + convert_float4(read_imageui(ui8, p));
  // Writes: each lane its own pixel, values across UNORM_INT8's edges.
  float v = xs[i] / 255.0f + (float)j * (0.5f / 255.0f);
  float4 w = (float4)(v, -v, v * 254.5f, (float)(i - 8) * (1.0f / 16.0f) + (float)j * 0.00196078f);
  int2 q = (int2)(i, j);
  if ((i + j) % 5 != 0) // some lanes inactive
    write_imagef(w8x4, q, w);
  write_imagef(w8, q, w.wzyx);
  write_imagef(wbgra, q, w.ywxz);
  write_imageui(wui8, q, (uint4)(i * 37, j * 100, (uint)(i - 8), 255 + i));
}
