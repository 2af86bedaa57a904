// #elif after #else in the same group.
#if 0
#else
#elif 1
#endif
kernel void k(global int *p) { p[0] = 1; }
