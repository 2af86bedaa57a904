// Initializing a float pointer from an int pointer (a warning in C).
kernel void k(global int *p) {
  global float *f = p;
  f[0] = 1.0f;
}
