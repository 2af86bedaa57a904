// A kernel pointer argument must point to global, constant or local memory.
kernel void k(int *p) {
  p[0] = 1;
}
