// A program-scope __global variable (OpenCL C 2.0 only).
global int table[4] = {1, 2, 3, 4};
kernel void k(global int *p) { p[0] = table[0]; }
