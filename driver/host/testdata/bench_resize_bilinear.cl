//! kernel resize_bilinear
//! global 512,512
//! arg image2d<rgba,unorm8> 256x256 random
//! arg sampler normalized,clamp_to_edge,linear
//! arg image2d<rgba,float> 512x512 out
//! tolerance 1e-2
// Bilinear resize: normalized coordinates at the centre of each output
// pixel, a linear filter, the sampler given by the host.
kernel void resize_bilinear(read_only image2d_t src, sampler_t linear_clamp, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float2 size = (float2)(get_image_width(dst), get_image_height(dst));
  float2 uv = ((float2)(p.x, p.y) + 0.5f) / size;
  write_imagef(dst, p, read_imagef(src, linear_clamp, uv));
}
