// With -Werror a macro redefinition is an error.
//! options -Werror -DN=4
#define N 8
kernel void k(global int *p) { p[0] = N; }
