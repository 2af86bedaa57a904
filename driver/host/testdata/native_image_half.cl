//! kernel native_image_half
//! global 12,7
//! arg image2d<rgba,half> 6x5 random(-70000,70000)
//! arg image2d<r,half> 9x4 random(-2,2)
//! arg image2d<rgba,half> 12x7 out
//! arg image2d<luminance,unorm16> 12x7 out
//! arg buffer<float4> 336 out
//! arg sampler normalized,repeat,linear
// Native image code's texChannels kind through read_imageh and
// write_imageh (cl_khr_fp16; PoCL has no halves, so TestNativeImageEdges
// checks this against the interpreter): half images sampled nearest
// and linear under REPEAT and MIRRORED_REPEAT, halves out of range
// (infinities) and NaNs written back, a LUMINANCE UNORM_INT16 image
// written and read.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
constant sampler_t mirror = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST;

kernel void native_image_half(read_only image2d_t h4, read_only image2d_t h1, write_only image2d_t out4,
                              write_only image2d_t lum, global float4 *out, sampler_t tile) {
  int i = get_global_id(0), j = get_global_id(1);
  float2 c = (float2)(-1.1f + 0.23f * i, 2.3f - 0.41f * j);
  half4 a = read_imageh(h4, tile, c);
  half4 b = read_imageh(h1, mirror, c);
  half4 f = read_imageh(h4, (int2)(i - 3, j - 1));
  out[(j * 12 + i) * 4] = convert_float4(a);
  out[(j * 12 + i) * 4 + 1] = convert_float4(b);
  out[(j * 12 + i) * 4 + 2] = convert_float4(f);
  half4 w = a * (half)(i - 6) + b;
  if (i == 5 && j == 3)
    w.y = (half)NAN;
  write_imageh(out4, (int2)(i, j), w);
  write_imagef(lum, (int2)(i, j), convert_float4(a) * 0.3f);
  out[(j * 12 + i) * 4 + 3] = (float4)(1.0f);
}
