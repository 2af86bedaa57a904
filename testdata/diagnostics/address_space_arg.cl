// A __global pointer passed where a helper takes a private pointer.
void set(int *x) { *x = 1; }
kernel void k(global int *p) {
  set(p);
}
