// A non-void function that can end without returning a value (a warning).
int sign_of(int x) {
  if (x > 0) return 1;
  if (x < 0) return -1;
}
kernel void k(global int *p) { p[0] = sign_of(p[1]); }
