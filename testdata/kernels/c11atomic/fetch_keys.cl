//! kernel fetch_keys
//! global 300
//! local 60
//! arg buffer<int> 8 [0,1000000,0,-1,2147483647,-2147483648,0,0]
//! arg buffer<uint> 4 [0,0,4294967295,7]
//! arg buffer<int> 300 out
//! options -cl-std=CL3.0

// Every atomic_fetch_key of OpenCL C 2.0 §6.13.11.7.5 on atomic_int and
// atomic_uint in global memory, in the plain, _explicit(order) and
// _explicit(order, scope) forms, each with an order-independent result.
kernel void fetch_keys(global atomic_int *c, global atomic_uint *u, global int *ticket) {
  int g = get_global_id(0);
  atomic_fetch_add(&c[0], g);
  atomic_fetch_sub_explicit(&c[1], g, memory_order_relaxed);
  atomic_fetch_or_explicit(&c[2], 1 << (g % 31), memory_order_acq_rel, memory_scope_device);
  atomic_fetch_and(&c[3], ~(1 << (g % 29)));
  atomic_fetch_min_explicit(&c[4], g * 3 - 100, memory_order_seq_cst);
  atomic_fetch_max_explicit(&c[5], g * 5 - 700, memory_order_release, memory_scope_work_group);
  atomic_fetch_xor(&c[6], g * 0x9e3779b1);
  atomic_fetch_add_explicit(&u[0], (uint)g * 0x10001u, memory_order_acquire);
  atomic_fetch_min(&u[1], 0xffffffffu - (uint)g);
  atomic_fetch_max(&u[1], (uint)g);
  atomic_fetch_min(&u[2], (uint)g + 5u);
  atomic_fetch_xor_explicit(&u[3], (uint)g << 3, memory_order_relaxed, memory_scope_device);
  // A ticket per work-item: the old values of an increment are a
  // permutation of 0..299; the kernel keeps only whether it was in range.
  int t = atomic_fetch_add(&c[7], 1);
  ticket[g] = t >= 0 && t < 300;
}
