// A scalar whose type outranks the vector's element type.
kernel void k(global short8 *p) {
  short8 v = p[0];
  p[1] = v + 3;
}
