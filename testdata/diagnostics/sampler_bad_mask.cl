// A sampler mask with an addressing mode that does not exist, and a
// sampler variable without an initializer.
constant sampler_t bad = CLK_NORMALIZED_COORDS_TRUE | 0xe | CLK_FILTER_LINEAR;

kernel void k(read_only image2d_t img, global float4 *o) {
  sampler_t s;
  o[0] = read_imagef(img, bad, (float2)(0.5f));
  o[1] = read_imagef(img, s, (float2)(0.5f));
}
