// Assigning to an expression that is not an lvalue.
kernel void k(global int *p) {
  int a = 1, b = 2;
  (a + b) = 3;
  p[0] = a;
}
