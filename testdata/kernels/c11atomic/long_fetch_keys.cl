//! kernel long_fetch_keys
//! global 256
//! local 64
//! arg buffer<long> 6 [0,0,-1,9223372036854775807,0,0]
//! arg buffer<ulong> 3 [0,18446744073709551615,0]
//! options -cl-std=CL3.0

// The fetch keys on atomic_long and atomic_ulong (64-bit atomics), with
// values that need all 64 bits.
kernel void long_fetch_keys(global atomic_long *c, global atomic_ulong *u) {
  long g = get_global_id(0);
  atomic_fetch_add(&c[0], g << 33);
  atomic_fetch_sub_explicit(&c[1], g * 0x100000001L, memory_order_relaxed);
  atomic_fetch_and(&c[2], ~(1L << (g % 63)));
  atomic_fetch_min_explicit(&c[3], (g - 100) << 40, memory_order_acq_rel, memory_scope_device);
  atomic_fetch_max(&c[4], g << 35);
  atomic_fetch_or(&c[5], 1L << (g % 64));
  atomic_fetch_xor(&u[0], (ulong)g << 50 | (ulong)g);
  atomic_fetch_min(&u[1], 0xfffffffffffUL * (ulong)(g + 1));
  atomic_fetch_max_explicit(&u[2], (ulong)g << 56, memory_order_seq_cst);
}
