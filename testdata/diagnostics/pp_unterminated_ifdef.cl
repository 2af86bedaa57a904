// An #ifdef without its #endif, nested in a closed #if.
#if 1
#endif
#ifdef FOO
kernel void k(global int *p) { p[0] = 1; }
