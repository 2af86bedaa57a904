// __local on a non-pointer kernel parameter.
kernel void k(global int *p, local int n) { p[0] = n; }
