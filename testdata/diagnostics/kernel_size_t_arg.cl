// size_t is not a valid kernel argument type.
kernel void k(global int *p, size_t n) {
  p[0] = n;
}
