// A declarator that starts with a digit.
kernel void k(global int *p) {
  int 3x = 1;
  p[0] = 1;
}
