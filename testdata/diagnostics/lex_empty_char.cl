// An empty character constant.
kernel void k(global int *p) { p[0] = ''; }
