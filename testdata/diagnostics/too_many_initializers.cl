// More initializers than array elements.
kernel void k(global int *p) {
  int a[2] = {1, 2, 3};
  p[0] = a[0];
}
