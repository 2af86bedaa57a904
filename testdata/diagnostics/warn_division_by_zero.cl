// Integer division by a constant zero (a warning).
kernel void k(global int *p) { p[0] = p[1] / 0; }
