// A call to a function that was never declared.
kernel void k(global int *p) {
  p[0] = helper(3);
}
