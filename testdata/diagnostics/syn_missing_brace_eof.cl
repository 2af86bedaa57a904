// The function body is never closed.
kernel void k(global int *p) {
  if (p[0]) {
    p[0] = 1;
  }
