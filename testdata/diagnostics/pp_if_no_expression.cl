// #if with nothing after it.
#if
#endif
kernel void k(global int *p) { p[0] = 1; }
