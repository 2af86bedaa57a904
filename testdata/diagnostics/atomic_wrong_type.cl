// atomic_add on a float pointer (only 32-bit integers).
kernel void k(global float *p) {
  atomic_add(p, 1.0f);
}
