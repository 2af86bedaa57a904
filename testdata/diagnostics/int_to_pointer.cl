// A pointer made from a non-constant integer: under logical addressing an
// integer names no object (pointer to integer casts are supported).
kernel void k(global int *r, global int *q, int x) {
  r[1] = (ulong)q % 4;
  global int *p = (global int *)x;
  r[0] = *p;
}
