// A pointer to a pointer is not a valid kernel argument type.
kernel void k(global int *global *pp) {
  pp[0][0] = 1;
}
