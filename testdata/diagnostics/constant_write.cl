// Writing through a __constant pointer.
kernel void k(constant int *c, global int *p) {
  c[0] = p[0];
}
