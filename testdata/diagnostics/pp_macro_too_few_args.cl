// A function-like macro called with too few arguments.
#define ADD(a, b) ((a) + (b))
kernel void k(global int *p) { p[0] = ADD(1); }
