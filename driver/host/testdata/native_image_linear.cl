//! kernel native_image_linear
//! global 16,6
//! arg image2d<rgba,float> 5x3 random(-1,1)
//! arg image2d<rgba,unorm8> 5x3 random
//! arg image2d<r,float> 5x3 random(-1,1)
//! arg image2d<r,unorm8> 7x3 random
//! arg image2d_array<rgba,unorm8> 5x3x2 random
//! arg image1d<rgba,float> 6 random(-1,1)
//! arg image3d<rgba,float> 5x3x4 random(-1,1)
//! arg image1d_array<r,unorm8> 7x3 random
//! arg buffer<float4> 1152 out
//! arg sampler normalized,clamp,linear
// Native image code's linear filtering (driver/host/internal/jit/
// image.go) at the edges, against the interpreter bit for bit
// (TestNativeImageEdges): NaN, infinite and huge coordinates, texel
// centres and the points between them near each edge, CLAMP_TO_EDGE,
// CLAMP (the border colour blended in), NONE, normalized coordinates, a
// sampler argument, the layer of an array, a 1D array, a 3D and a 1D
// image. Results at
// undefined coordinates are texel's.
constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
constant sampler_t clampb = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
constant sampler_t none = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_LINEAR;
constant sampler_t nedge = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

kernel void native_image_linear(read_only image2d_t f4, read_only image2d_t u8x4, read_only image2d_t f1,
                                read_only image2d_t u8, read_only image2d_array_t arr, read_only image1d_t line,
                                read_only image3d_t vol, read_only image1d_array_t rows,
                                global float4 *out, sampler_t s) {
  const float xs[16] = {as_float(0x7fc00000u), -INFINITY, INFINITY, -3e9f, 3e9f, -1.5f, -0.5f, 0.0f,
                        0.25f, 0.5f, 0.8f, 4.5f, 4.75f, 5.0f, 5.5f, 0x1p30f};
  const float ys[6] = {as_float(0x7fc00000u), -0.75f, 0.5f, 1.3f, 2.5f, 3.0f};
  int i = get_global_id(0), j = get_global_id(1);
  float2 c = (float2)(xs[i], ys[j]);
  int o = (j * 16 + i) * 12;
  float z = ys[(i + 2 * j) % 6] + 0.7f;
  out[o] = read_imagef(f4, edge, c);
  out[o + 1] = read_imagef(u8x4, clampb, c);
  out[o + 2] = read_imagef(f1, clampb, c) + 4.0f * read_imagef(f1, none, c);
  out[o + 3] = read_imagef(u8, nedge, c / (float2)(7.0f, 3.0f));
  out[o + 4] = read_imagef(f4, s, c / (float2)(5.0f, 3.0f));
  out[o + 5] = read_imagef(arr, nedge, (float4)(c / (float2)(5.0f, 3.0f), ys[(i + j) % 6] + 0.5f, 0.0f));
  out[o + 6] = read_imagef(line, clampb, c.x) + read_imagef(line, nedge, c.y);
  out[o + 7] = read_imagef(u8x4, s, c / (float2)(5.0f, 3.0f));
  out[o + 8] = read_imagef(vol, nedge, (float4)(c / (float2)(5.0f, 3.0f), z / 4.0f, 0.0f));
  out[o + 9] = read_imagef(vol, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST,
                           (float4)(c / (float2)(5.0f, 3.0f), z / 4.0f, 0.0f)) +
               read_imagef(vol, s, (float4)(c / (float2)(5.0f, 3.0f), z / 4.0f, 0.0f));
  out[o + 10] = read_imagef(rows, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST, c) +
                2.0f * read_imagef(rows, s, (float2)(c.x / 7.0f, c.y));
  out[o + 11] = read_imagef(rows, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR,
                            (float2)(c.x / 7.0f, z));
}
