//! kernel int_to_ptr
//! global 64
//! local 16
//! arg buffer<int> 64 random(-1000,1000)
//! arg buffer<uint> 128 out
//! clgo-options -physical-storage-buffers

// Pointers made from integers and back (physical addressing): each
// work-item reaches its element from the buffer's address.
kernel void int_to_ptr(global int *a, global uint *out) {
  size_t i = get_global_id(0);
  uintptr_t base = (uintptr_t)a;
  global int *p = (global int *)(base + i * sizeof(int));
  *p = *p * 2 + 1;
  out[i] = (uint)((uintptr_t)p - base);
  out[64 + i] = (uint)((uintptr_t)&a[i] % sizeof(int));
}
