//! kernel blur_half
//! global 512,512
//! arg image2d<rgba,half> 512x512 random(-1,1)
//! arg image2d<rgba,half> 512x512 out
//! tolerance 1e-2
// blur3x3 on CL_HALF_FLOAT images: nine nearest CLAMP_TO_EDGE reads
// (halves widened) and a write (rounded to half) per work-item.
constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void blur_half(read_only image2d_t src, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 sum = (float4)(0.0f);
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      sum += read_imagef(src, edge, p + (int2)(dx, dy));
  write_imagef(dst, p, sum / 9.0f);
}
