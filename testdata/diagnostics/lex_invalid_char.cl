// A character that cannot start a token.
kernel void k(global int *p) { p[0] = 1 ` 2; }
