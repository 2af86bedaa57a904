// Enabling an extension that does not exist (a warning).
#pragma OPENCL EXTENSION cl_khr_no_such_thing : enable
kernel void k(global int *p) { p[0] = 1; }
