// An image kept in a local variable: images are kernel arguments only.
kernel void k(read_only image2d_t img, global float4 *o) {
  image2d_t x = img;
  o[0] = read_imagef(x, (int2)(0));
}
