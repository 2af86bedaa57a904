// A kernel parameter with an address space but no type.
kernel void k(global *p) { p[0] = 1; }
