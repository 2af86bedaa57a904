// reqd_work_group_size with a zero dimension.
__attribute__((reqd_work_group_size(0, 1, 1)))
kernel void k(global int *p) { p[0] = 1; }
