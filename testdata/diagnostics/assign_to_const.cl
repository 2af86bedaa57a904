// Assigning to a const variable.
kernel void k(global int *p) {
  const int n = 4;
  n = 5;
  p[0] = n;
}
