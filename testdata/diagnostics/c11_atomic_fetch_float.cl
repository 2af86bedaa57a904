//! options -cl-std=CL3.0
// No atomic_fetch_key on atomic_float (cl_ext_float_atomics is not
// supported), and no atomic_long on a device without 64-bit atomics is
// covered by the checker's tests.
kernel void k(global atomic_float *p) {
  atomic_fetch_add(p, 1.0f);
}
