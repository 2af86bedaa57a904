// A non-void function with a bare return.
int f(int x) {
  if (x) return;
  return 1;
}
kernel void k(global int *p) { p[0] = f(p[1]); }
