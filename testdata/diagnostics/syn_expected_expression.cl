// An operator with no operand.
kernel void k(global int *p) {
  p[0] = * ;
}
