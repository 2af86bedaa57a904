//! kernel atomic_dec_uint
//! global 1024
//! arg buffer<uint> 2 [5000,0]
//! arg buffer<uint> 1 zero

// atomic_dec on unsigned values and atomic_sub underflow (wraps).
kernel void atomic_dec_uint(global uint *c, global uint *neg) {
  atomic_dec(&c[0]);
  atomic_sub(&c[1], 3u);
  if (get_global_id(0) % 4 == 0) atomic_add(neg, 0xFFFFFFFFu);
}
