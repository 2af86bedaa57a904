// Writing through a pointer to const.
kernel void k(global const int *p) {
  p[0] = 1;
}
