// A program-scope __constant variable must be initialized.
constant int limit;
kernel void k(global int *p) { p[0] = limit; }
