// ## that forms an invalid preprocessing token.
#define PASTE(a, b) a ## b
kernel void k(global int *p) { p[0] = PASTE(1, +); }
