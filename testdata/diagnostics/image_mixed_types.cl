// One image read as float in a helper and as int in the kernel: its
// SPIR-V image type has one sampled type.
float4 first(read_only image2d_t im) { return read_imagef(im, (int2)(0)); }

kernel void k(read_only image2d_t img, global float4 *o) {
  o[0] = first(img);
  o[1] = convert_float4(read_imagei(img, (int2)(1)));
}
