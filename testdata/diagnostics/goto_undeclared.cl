// Every goto names a label of its function (C99 6.8.6.1).
kernel void k(global int *p) {
  if (p[0]) goto nowhere;
  p[1] = 2;
}
