// An integer literal with an invalid suffix.
kernel void k(global int *p) { p[0] = 10zz; }
