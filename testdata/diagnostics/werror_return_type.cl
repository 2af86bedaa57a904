// With -Werror the missing return becomes an error.
//! options -Werror
int f(int x) {
  if (x) return 1;
}
kernel void k(global int *p) { p[0] = f(p[1]); }
