kernel void f(global const ulong *a, global ulong *out, const ulong k) {
  int i = get_global_id(0);
  ulong x = a[i];
  for (int r = 0; r < 16; r++) { x ^= x >> 33; x *= k; x ^= x >> 29; x = rotate(x, (ulong)13) + mul_hi(x, k); }
  out[i] = x;
}
//! kernel f
//! global 262144
//! local 64
//! arg buffer<ulong> 262144 random
//! arg buffer<ulong> 262144 out
//! arg ulong 11400714819323198485
