// A statement missing its ';'.
kernel void k(global int *p) {
  int x = 1
  p[0] = x;
}
