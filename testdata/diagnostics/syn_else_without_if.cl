// else with no if.
kernel void k(global int *p) {
  p[0] = 1;
  else p[0] = 2;
}
