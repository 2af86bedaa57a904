//! kernel border_r
//! global 8
//! arg image2d<r,float> 4x3 random
//! arg image2d<rgba,unorm8> 4x3 random
//! arg buffer<float4> 16 out
//! tolerance 1e-6

// CLK_ADDRESS_CLAMP's border colour depends on the channel order (OpenCL
// C 2.0 §8.3.1 "Determining the border color or value"): (0,0,0,0) for
// orders with alpha (RGBA here), (0,0,0,1) for CL_R, CL_RG, CL_RGB and
// CL_LUMINANCE. PoCL 3.1 returns (0,0,0,0) for every order, so this
// kernel is in known_differences.txt: clgo follows the spec.
constant sampler_t border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

kernel void border_r(read_only image2d_t r, read_only image2d_t rgba, global float4 *out) {
  int i = get_global_id(0);
  int2 p = (int2)(i - 2, 3 - i); // inside for i = 2, 3
  out[2 * i] = read_imagef(r, border, p);
  out[2 * i + 1] = read_imagef(rgba, border, p);
}
