// A function defined twice.
int f(int x) { return x; }
int f(int x) { return x + 1; }
kernel void k(global int *p) { p[0] = f(1); }
