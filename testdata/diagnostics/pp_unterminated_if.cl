// An #if without its #endif.
#if 1
kernel void k(global int *p) { p[0] = 1; }
