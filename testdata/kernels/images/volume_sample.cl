//! kernel volume_sample
//! global 8,6
//! arg image3d<r,float> 7x5x6 random
//! arg buffer<float> 48 out
//! tolerance 1e-3
// 3D volume sampling: a function-scope literal sampler with normalized
// coordinates and linear filtering, one ray of 16 samples per work-item.
float4 sample_at(read_only image3d_t vol, sampler_t s, float4 at) {
  return read_imagef(vol, s, at);
}

kernel void volume_sample(read_only image3d_t vol, global float *out) {
  const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
  int x = get_global_id(0), y = get_global_id(1);
  int4 dim = get_image_dim(vol);
  float acc = 0.0f;
  for (int z = 0; z < 16; z++) {
    float4 at = (float4)((x + 0.5f) / dim.x, (y + 0.5f) / dim.y, (z + 0.5f) / 16.0f, 0.0f);
    acc += sample_at(vol, s, at).x;
  }
  out[y * get_global_size(0) + x] = acc + get_image_depth(vol);
}
