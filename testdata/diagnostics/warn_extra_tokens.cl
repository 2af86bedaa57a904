// Extra tokens after #endif (a warning).
#ifdef FOO
#endif FOO
kernel void k(global int *p) { p[0] = 1; }
