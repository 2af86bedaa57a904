// #error stops the compilation with its message.
#ifndef HAVE_FEATURE
#error "this kernel needs HAVE_FEATURE"
#endif
kernel void k(global int *p) { p[0] = 1; }
