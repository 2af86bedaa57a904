// A type name that does not exist.
kernel void k(global int *p) {
  float5 v;
  p[0] = 1;
}
