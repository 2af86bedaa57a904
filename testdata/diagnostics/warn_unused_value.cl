// An expression statement whose value is unused (a warning).
kernel void k(global int *p) {
  p[0] == 1;
}
