// read_write images are OpenCL C 2.0.
kernel void k(read_write image2d_t a) {
  write_imagef(a, (int2)(0), (float4)(0.0f));
}
