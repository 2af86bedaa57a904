// 0x with no hexadecimal digits.
kernel void k(global int *p) { p[0] = 0x; }
