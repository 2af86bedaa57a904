// Two case labels with the same value.
kernel void k(global int *p) {
  switch (p[0]) {
  case 1: p[1] = 1; break;
  case 2 - 1: p[1] = 2; break;
  }
}
