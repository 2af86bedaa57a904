// A function-like macro call whose argument list never closes.
#define ID(a) a
kernel void k(global int *p) { p[0] = ID(1; }
