// A digit 9 in an octal literal.
kernel void k(global int *p) { p[0] = 09; }
