kernel void k(global int *o) {
  _Static_assert(1 "missing comma");
  _Static_assert(1, 2);
}
