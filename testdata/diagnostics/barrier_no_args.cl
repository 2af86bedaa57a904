// barrier needs its fence flags.
kernel void k(global int *p) {
  barrier();
  p[0] = 1;
}
