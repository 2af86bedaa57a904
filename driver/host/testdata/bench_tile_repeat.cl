//! kernel tile_repeat
//! global 512,512
//! arg image2d<rgba,unorm8> 64x64 random
//! arg image2d<rgba,float> 512x512 out
//! tolerance 1e-2
// A 64x64 texture tiled 3.7 times across a 512x512 image, shifted and
// linearly filtered under REPEAT addressing (normalized coordinates):
// one bilinear sample (four texels) and a write per work-item.
constant sampler_t tile = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

kernel void tile_repeat(read_only image2d_t tex, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float2 uv = ((float2)(p.x, p.y) + 0.5f) * (3.7f / 512.0f) - 0.3f;
  write_imagef(dst, p, read_imagef(tex, tile, uv));
}
