// A string literal that does not end on its line.
constant char s[] = "no end;
kernel void k(global int *p) { p[0] = 1; }
