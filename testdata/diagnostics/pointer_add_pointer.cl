// Adding two pointers.
kernel void k(global int *p, global int *q) {
  global int *r = p + q;
  r[0] = 1;
}
