// Choosing between images at run time.
kernel void k(read_only image2d_t a, read_only image2d_t b, global float4 *o, int c) {
  o[0] = read_imagef(c ? a : b, (int2)(0));
}
