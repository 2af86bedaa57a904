// A macro redefined with a different body (a warning).
#define N 4
#define N 8
kernel void k(global int *p) { p[0] = N; }
