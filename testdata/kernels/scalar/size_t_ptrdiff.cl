//! kernel size_t_ptrdiff
//! global 64
//! arg buffer<uint> 64 out
//! arg buffer<int> 64 out

// size_t, ptrdiff_t, intptr_t and uintptr_t in private code.
kernel void size_t_ptrdiff(global uint *a, global int *b) {
  size_t i = get_global_id(0);
  ptrdiff_t d = (ptrdiff_t)i - 32;
  uintptr_t u = i * 3;
  intptr_t s = d * 2;
  a[i] = (uint)(u + (sizeof(size_t) >= 4 ? 4 : 0));
  b[i] = (int)s;
}
