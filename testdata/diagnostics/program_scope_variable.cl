// A program-scope variable that is not __constant (OpenCL C 1.2).
int counter;
kernel void k(global int *p) { p[0] = counter; }
