// A block comment that never ends.
kernel void k(global int *p) { p[0] = 1; }
/* this comment
   runs to the end of the file
