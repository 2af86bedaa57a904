// A struct member missing its ';'.
typedef struct { int a int b; } pair;
kernel void k(global int *p) { p[0] = 1; }
