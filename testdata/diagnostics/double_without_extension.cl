// double without #pragma OPENCL EXTENSION cl_khr_fp64 : enable, which OpenCL C 1.1 requires.
//! options -cl-std=CL1.1
kernel void k(global float *p) {
  double d = p[0];
  p[1] = (float)(d * 2.0);
}
