// A function defined inside another function.
kernel void k(global int *p) {
  int helper(int x) { return x; }
  p[0] = 1;
}
