enum Mixed { MA = -1, MB = 0x8000000000000000UL };
enum Wrap { WA = 0xffffffffffffffffUL, WB };
kernel void k(global int *o) { *o = 0; }
