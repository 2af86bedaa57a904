// A for statement with only one ';'.
kernel void k(global int *p) {
  for (int i = 0; i < 4) p[i] = i;
}
