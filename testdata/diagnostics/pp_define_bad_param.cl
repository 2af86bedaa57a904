// A macro parameter list that is not identifiers.
#define F(1) 1
kernel void k(global int *p) { p[0] = 1; }
