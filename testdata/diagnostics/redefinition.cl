// A local variable declared twice in one scope.
kernel void k(global int *p) {
  int x = 1;
  int x = 2;
  p[0] = x;
}
