// A helper called with too many arguments.
int twice(int x) { return 2 * x; }
kernel void k(global int *p) {
  p[0] = twice(1, 2);
}
