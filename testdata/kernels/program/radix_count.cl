//! kernel radix_count
//! global 1024
//! local 256
//! arg buffer<uint> 1024 random
//! arg buffer<uint> 64 zero
//! arg uint 8

// Per-group digit counts of one radix-sort pass (4-bit digits at a given shift) with local atomics.
kernel void radix_count(global const uint *keys, global uint *counts, uint shift) {
  local uint c[16];
  int l = get_local_id(0);
  if (l < 16) c[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&c[(keys[get_global_id(0)] >> shift) & 15]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 16) counts[get_group_id(0) * 16 + l] = c[l];
}
