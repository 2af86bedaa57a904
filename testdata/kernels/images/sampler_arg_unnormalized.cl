//! kernel sampler_arg_unnormalized
//! global 6,5,4
//! arg image3d<rgba,snorm16> 5x4x3 random
//! arg image2d_array<r,unorm8> 5x4x3 random
//! arg buffer<float4> 120 out
//! arg sampler unnormalized,clamp_to_edge,linear
//! tolerance 1e-2

// A sampler argument with unnormalized coordinates on a 3D and a 2D array
// image, whose sampler state the compiler cannot see. (Vulkan samples
// such images only at normalized coordinates.)
kernel void sampler_arg_unnormalized(read_only image3d_t vol, read_only image2d_array_t arr,
                                     global float4 *out, sampler_t s) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  float4 c = (float4)(-0.25f + 0.75f * x, 0.25f + 0.75f * y, -0.25f + 0.75f * z, 0.0f);
  out[(z * 5 + y) * 6 + x] = read_imagef(vol, s, c) + read_imagef(arr, s, (float4)(c.xy, (float)z, 0.0f));
}
