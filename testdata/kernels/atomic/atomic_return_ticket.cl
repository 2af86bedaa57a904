//! kernel atomic_return_ticket
//! global 512
//! local 64
//! arg buffer<uint> 1 zero
//! arg buffer<uint> 512 zero

// atomic_inc returns unique tickets: each ticket slot is marked once (the mapping varies, the set does not).
kernel void atomic_return_ticket(global uint *counter, global uint *seen) {
  uint t = atomic_inc(counter);
  atomic_add(&seen[t], 1u);
}
