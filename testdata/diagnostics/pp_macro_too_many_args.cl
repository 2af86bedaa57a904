// A function-like macro called with too many arguments.
#define NEG(a) (-(a))
kernel void k(global int *p) { p[0] = NEG(1, 2); }
