// bool is not a valid kernel argument type.
kernel void k(global int *p, bool flag) {
  p[0] = flag;
}
