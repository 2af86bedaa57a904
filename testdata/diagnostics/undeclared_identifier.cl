// A variable that was never declared.
kernel void k(global int *p) {
  p[0] = count + 1;
}
