// An unknown preprocessing directive.
#frobnicate
kernel void k(global int *p) { p[0] = 1; }
