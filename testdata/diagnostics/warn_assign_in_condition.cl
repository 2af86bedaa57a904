// An assignment used as a condition without extra parentheses (a warning).
kernel void k(global int *p) {
  int x = p[0];
  if (x = 3) p[1] = x;
}
