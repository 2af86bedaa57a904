//! kernel quicksort_stack
//! global 32
//! arg buffer<uint> 1024 random
//! arg buffer<uint> 1024 out

// Iterative quicksort of 32 values per work-item with an explicit stack (no recursion in OpenCL C).
kernel void quicksort_stack(global const uint *in, global uint *out) {
  int g = get_global_id(0);
  uint a[32];
  for (int i = 0; i < 32; i++) a[i] = in[32 * g + i];
  int stack[64], sp = 0;
  stack[sp++] = 0;
  stack[sp++] = 31;
  while (sp > 0) {
    int hi = stack[--sp], lo = stack[--sp];
    if (lo >= hi) continue;
    uint pivot = a[hi];
    int i = lo;
    for (int j = lo; j < hi; j++)
      if (a[j] < pivot) {
        uint t = a[i]; a[i] = a[j]; a[j] = t;
        i++;
      }
    uint t = a[i]; a[i] = a[hi]; a[hi] = t;
    stack[sp++] = lo; stack[sp++] = i - 1;
    stack[sp++] = i + 1; stack[sp++] = hi;
  }
  for (int i = 0; i < 32; i++) out[32 * g + i] = a[i];
}
