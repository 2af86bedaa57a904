// An if condition missing its ')'.
kernel void k(global int *p) {
  if (p[0] > 0 {
    p[0] = 1;
  }
}
