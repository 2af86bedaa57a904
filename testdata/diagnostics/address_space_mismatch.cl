// A __local pointer assigned to a __global pointer variable.
kernel void k(global int *p, local int *l) {
  global int *q = l;
  q[0] = p[0];
}
