// A floating literal with an invalid suffix.
kernel void k(global float *p) { p[0] = 1.5q; }
