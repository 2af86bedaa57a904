// #include of a file that does not exist.
#include "no_such_header.h"
kernel void k(global int *p) { p[0] = 1; }
