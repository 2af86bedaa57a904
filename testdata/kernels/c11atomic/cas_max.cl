//! kernel cas_max
//! global 1024
//! local 64
//! arg buffer<float> 1024 random
//! arg buffer<int> 4 [0,0,0,0]
//! arg buffer<long> 1 [0]
//! options -cl-std=CL3.0

// Compare-exchange retry loops: a lock-free float maximum kept as its
// bits in an atomic_int (non-negative floats order as their bits do), a
// counter built from strong compare-exchanges, one from weak ones and
// one on an atomic_long. A failed exchange writes the value it read into
// *expected, which the loops use instead of loading again.
kernel void cas_max(global const float *x, global atomic_int *c, global atomic_long *l) {
  int g = get_global_id(0);
  int bits = as_int(x[g]);
  int seen = atomic_load_explicit(&c[0], memory_order_relaxed);
  while (seen < bits && !atomic_compare_exchange_strong(&c[0], &seen, bits))
    ;
  int e = atomic_load(&c[1]);
  while (!atomic_compare_exchange_strong_explicit(&c[1], &e, e + 3, memory_order_acq_rel, memory_order_acquire))
    ;
  int w = 0;
  while (!atomic_compare_exchange_weak_explicit(&c[2], &w, w + 1, memory_order_seq_cst, memory_order_relaxed, memory_scope_device))
    ;
  long le = 0;
  while (!atomic_compare_exchange_weak(&l[0], &le, le + (1L << 34)))
    ;
  // Never equal: expected gets the current value, nothing is stored.
  int never = -1;
  if (!atomic_compare_exchange_strong(&c[3], &never, 99) && never != 0)
    atomic_fetch_add(&c[3], 1000);
}
