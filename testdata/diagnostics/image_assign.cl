// Replacing an image argument by another.
kernel void k(read_only image2d_t a, read_only image2d_t b, global float4 *o) {
  a = b;
  o[0] = read_imagef(a, (int2)(0));
}
