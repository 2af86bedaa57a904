// An array declarator missing its ']'.
kernel void k(global int *p) {
  int a[4;
  p[0] = 1;
}
