// #define with no macro name.
#define
kernel void k(global int *p) { p[0] = 1; }
