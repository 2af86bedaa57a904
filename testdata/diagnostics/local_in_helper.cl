// A __local variable declared in a function that is not a kernel.
int helper(void) {
  local int shared;
  shared = 1;
  return shared;
}
kernel void k(global int *p) { p[0] = helper(); }
