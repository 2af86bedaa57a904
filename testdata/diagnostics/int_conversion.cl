// Initializing an int from a pointer (an error in OpenCL C, as in clang 15).
kernel void k(global int *p) {
  int x = p;
  p[0] = x;
}
