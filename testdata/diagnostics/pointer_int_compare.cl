// Comparing a pointer with a float.
kernel void k(global int *p) {
  float f = 1.0f;
  p[0] = p == f;
}
