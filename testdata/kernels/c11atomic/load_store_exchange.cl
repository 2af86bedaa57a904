//! kernel load_store_exchange
//! global 64
//! local 16
//! arg buffer<int> 64 iota
//! arg buffer<float> 64 random
//! arg buffer<long> 64 iota
//! arg buffer<int> 64 out
//! arg buffer<float> 64 out
//! arg buffer<long> 64 out
//! options -cl-std=CL3.0

// atomic_load, atomic_store and atomic_exchange, plain and _explicit, on
// atomic_int, atomic_float and atomic_long; each work-item owns one
// element, so the results do not depend on scheduling.
kernel void load_store_exchange(global atomic_int *a, global atomic_float *f, global atomic_long *l,
                                global int *ra, global float *rf, global long *rl) {
  int g = get_global_id(0);
  int v = atomic_load(&a[g]);
  atomic_store(&a[g], v * 3 + 1);
  ra[g] = atomic_exchange_explicit(&a[g], -v, memory_order_acq_rel, memory_scope_device) + 100 * v;
  float x = atomic_load_explicit(&f[g], memory_order_acquire);
  atomic_store_explicit(&f[g], x * 2.0f, memory_order_release);
  rf[g] = atomic_exchange(&f[g], x + 0.5f);
  long y = atomic_load_explicit(&l[g], memory_order_relaxed, memory_scope_work_group);
  atomic_store_explicit(&l[g], y << 40, memory_order_seq_cst, memory_scope_device);
  rl[g] = atomic_exchange_explicit(&l[g], y - 7, memory_order_relaxed);
}
