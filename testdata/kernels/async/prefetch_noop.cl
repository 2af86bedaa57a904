//! kernel prefetch_noop
//! global 64
//! arg buffer<int> 64 random
//! arg buffer<int> 64 out

// prefetch is a hint: a no-op whose arguments are still evaluated.
kernel void prefetch_noop(global const int *s, global int *d) {
  int i = get_global_id(0);
  int n = 0;
  prefetch(s + i, 4);
  prefetch(s, n++);
  d[i] = s[i] + n;
}
