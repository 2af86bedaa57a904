// With -Werror the division by a constant zero becomes an error.
//! options -Werror
kernel void k(global int *p) { p[0] = p[1] % 0; }
