//! kernel xchg_cmpxchg
//! global 256
//! arg buffer<int> 256 zero
//! arg buffer<int> 2 [0,0]

// atomic_cmpxchg as a spin-free claim: each slot is claimed exactly once; xchg counts swaps.
kernel void xchg_cmpxchg(global int *slots, global int *counters) {
  int g = get_global_id(0);
  int target = g / 2;
  int old = atomic_cmpxchg(&slots[target], 0, 1);
  if (old == 0) atomic_inc(&counters[0]);
  int prev = atomic_xchg(&slots[128 + (g & 1)], 5);
  atomic_add(&counters[1], prev == 5 ? 1 : 0);
}
