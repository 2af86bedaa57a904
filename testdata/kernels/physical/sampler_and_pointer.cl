// A sampler_t argument (its mask in push constants) beside a pointer argument
// in push constants under physical addressing: the two share the block.
//! kernel k
//! global 4,4
//! arg image2d<rgba,float> 4x4 random
//! arg sampler normalized,clamp,nearest
//! arg buffer<float4> 16 out
//! arg buffer<int> 4 [1,2,3,4]
//! clgo-options -physical-storage-buffers
kernel void k(read_only image2d_t img, sampler_t s, global float4 *out, global int *src) {
  int x = get_global_id(0), y = get_global_id(1);
  global int *p = src + (x & 3);
  out[y * 4 + x] = read_imagef(img, s, (float2)((x + 0.5f) / 4, (y + 0.5f) / 4)) + (float4)(*p);
}
