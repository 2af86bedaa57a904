// break outside a loop or switch.
kernel void k(global int *p) {
  p[0] = 1;
  break;
}
