// A character literal that does not end on its line.
kernel void k(global int *p) { p[0] = 'a; }
