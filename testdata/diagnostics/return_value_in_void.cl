// A void function returning a value.
void f(global int *p) { return p[0]; }
kernel void k(global int *p) { f(p); }
