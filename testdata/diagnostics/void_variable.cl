// A variable of type void.
kernel void k(global int *p) {
  void v;
  p[0] = 1;
}
