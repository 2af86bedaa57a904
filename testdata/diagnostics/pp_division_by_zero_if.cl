// Division by zero in an #if expression.
#if 1 / 0
#endif
kernel void k(global int *p) { p[0] = 1; }
