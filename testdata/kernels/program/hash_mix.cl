//! kernel hash_mix
//! global 256
//! arg buffer<uint4> 256 random
//! arg buffer<uint> 256 out

// A hash-like mixing of 32-bit words with rotates, xors and multiplies (murmur-style finalizer).
uint fmix(uint h) {
  h ^= h >> 16; h *= 0x85EBCA6Bu;
  h ^= h >> 13; h *= 0xC2B2AE35u;
  return h ^ (h >> 16);
}

kernel void hash_mix(global const uint4 *in, global uint *out) {
  int g = get_global_id(0);
  uint4 v = in[g];
  uint h = 0x12345678u;
  for (int k = 0; k < 4; k++) {
    uint w = k == 0 ? v.x : k == 1 ? v.y : k == 2 ? v.z : v.w;
    w *= 0xCC9E2D51u; w = rotate(w, 15u); w *= 0x1B873593u;
    h ^= w; h = rotate(h, 13u); h = h * 5u + 0xE6546B64u;
  }
  out[g] = fmix(h ^ 16u);
}
