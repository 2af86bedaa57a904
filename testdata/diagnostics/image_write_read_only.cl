// Writing to a read_only image, and reading from a write_only one.
kernel void k(read_only image2d_t src, write_only image2d_t dst) {
  write_imagef(src, (int2)(0), (float4)(1.0f));
  float4 v = read_imagef(dst, (int2)(0));
}
