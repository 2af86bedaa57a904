// #endif with no #if before it.
kernel void k(global int *p) { p[0] = 1; }
#endif
