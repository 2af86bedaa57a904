//! options -cl-std=CL3.0
// An atomic object in private memory (reached through the generic
// pointers the atomics take): Vulkan has no atomics on Function memory.
kernel void k(global int *r) {
  atomic_int x;
  atomic_init(&x, 1);
  *r = atomic_fetch_add(&x, 1);
}
