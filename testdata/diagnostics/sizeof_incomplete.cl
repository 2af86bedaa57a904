// sizeof of an incomplete struct type.
struct opaque;
kernel void k(global int *p) {
  p[0] = sizeof(struct opaque);
}
