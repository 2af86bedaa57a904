// Subscripting an int.
kernel void k(global int *p) {
  int x = 1;
  p[0] = x[1];
}
