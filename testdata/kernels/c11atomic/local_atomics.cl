//! kernel local_atomics
//! global 7,9
//! local 7,9
//! arg buffer<uint> 63 random(0,1000)
//! arg buffer<int> 16 out
//! options -cl-std=CL3.0

// C11 atomics on a local array: a histogram of 8 bins with
// atomic_fetch_add, min/max and a compare-exchange sum, over a 7x9
// work-group; the group then copies the results out.
kernel void local_atomics(global const uint *x, global int *out) {
  local atomic_int hist[8];
  local atomic_uint ext[2];
  local atomic_int sum;
  int l = get_local_id(1) * get_local_size(0) + get_local_id(0);
  if (l < 8)
    atomic_init(&hist[l], 0);
  if (l == 0) {
    atomic_init(&ext[0], 0xffffffffu);
    atomic_init(&ext[1], 0u);
    atomic_init(&sum, 0);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uint v = x[l];
  atomic_fetch_add_explicit(&hist[v & 7], 1, memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_min(&ext[0], v);
  atomic_fetch_max(&ext[1], v);
  int e = atomic_load(&sum);
  while (!atomic_compare_exchange_weak(&sum, &e, e + (int)v))
    ;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 8)
    out[l] = atomic_load(&hist[l]);
  if (l == 8)
    out[8] = atomic_load(&ext[0]);
  if (l == 9)
    out[9] = atomic_load(&ext[1]);
  if (l == 10)
    out[10] = atomic_load(&sum);
  if (l > 10 && l < 16)
    out[l] = -l;
}
