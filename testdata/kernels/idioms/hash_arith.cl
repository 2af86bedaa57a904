//! kernel hash_arith
//! global 96
//! local 32
//! arg buffer<uint> 96 random
//! arg buffer<ulong> 192 out
//! arg uint 5

// The integer idioms of hash and cipher kernels: 64- and 32-bit rotates
// by whole bytes and by other amounts (as shifts and an OR, XOR or ADD,
// and as rotate()), shifts by constants at and near the width, table
// lookups in __local memory by a byte of the state (a table of 256
// words and one of 300, indexed within it), a private ulong[16] and a
// private uint[16] indexed by a round counter (masked, and bounded by
// the loop), a constant ulong table indexed by the round, and constant
// operands of every 64-bit operation.

#define ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define ROTL32(x, n) (((x) << (n)) ^ ((x) >> (32 - (n))))

constant ulong K[24] = {
  0x428a2f98d728ae22UL, 0x7137449123ef65cdUL, 0xb5c0fbcfec4d3b2fUL, 0xe9b5dba58189dbbcUL,
  0x3956c25bf348b538UL, 0x59f111f1b605d019UL, 0x923f82a4af194f9bUL, 0xab1c5ed5da6d8118UL,
  0xd807aa98a3030242UL, 0x12835b0145706fbeUL, 0x243185be4ee4b28cUL, 0x550c7dc3d5ffb4e2UL,
  0x72be5d74f27b896fUL, 0x80deb1fe3b1696b1UL, 0x9bdc06a725c71235UL, 0xc19bf174cf692694UL,
  0xe49b69c19ef14ad2UL, 0xefbe4786384f25e3UL, 0x0fc19dc68b8cd5b5UL, 0x240ca1cc77ac9c65UL,
  0x2de92c6f592b0275UL, 0x4a7484aa6ea6e483UL, 0x5cb0a9dcbd41fbd4UL, 0x76f988da831153b5UL,
};

kernel void hash_arith(global const uint *in, global ulong *out, uint rounds) {
  local uint T[256];
  local uint U[300];
  size_t l = get_local_id(0), i = get_global_id(0);
  for (uint x = l; x < 256; x += get_local_size(0))
    T[x] = (x * 0x9e3779b9u) ^ rotate(x, 13u);
  for (uint x = l; x < 300; x += get_local_size(0))
    U[x] = x * 2654435761u + 7u;
  barrier(CLK_LOCAL_MEM_FENCE);

  uint s = in[i];
  ulong a = ((ulong)s << 32) | (s ^ 0x5bd1e995u), b = ~a + 0x0123456789abcdefUL;
  ulong W[16];
  uint V[16];
  for (int k = 0; k < 16; k++) {
    W[k] = a ^ ((ulong)k << 56);
    V[k] = s + (uint)k * 0x01000193u;
  }
  for (uint t = 0; t < rounds + 11; t++) {
    // 64-bit: byte rotates (8, 16, 24, 32, 40, 48, 56) and others.
    ulong r = ROTR64(a, 8) ^ ROTR64(b, 16) ^ ROTR64(a, 24) ^ ROTR64(b, 32);
    r += ROTR64(a, 40) + ROTR64(b, 48) + (ROTR64(a, 56) ^ ROTR64(b, 19)) + rotate(a, (ulong)61);
    r ^= (a >> 63) ^ (b << 63) ^ (a >> 1) ^ (b << 1) ^ ((a & 0xffff0000ffff0000UL) | 0x11UL);
    r -= 0x7fffffffffffffffUL;
    // The ring and the constant table, by the round.
    W[t & 15] += r ^ K[t % 24] ^ W[(t + 9) & 15];
    if (t < 16)
      W[t] ^= b;
    a = b + W[(t + 1) & 15];
    b = r ^ W[t & 15];
    // 32-bit: rotates by bytes through rotate() and the macro.
    uint u = (uint)a ^ (uint)(b >> 32);
    u = rotate(u, 8u) ^ rotate(u, 16u) ^ ROTL32(u, 24) ^ ROTL32(u, 5);
    // Table lookups by the bytes of u.
    u ^= T[u >> 24] ^ T[(u >> 16) & 0xff] ^ T[(u >> 8) & 0xffu] ^ U[(u & 0xff) + 44u];
    V[t & 15] ^= u;
    if (t < 16)
      V[t] += u >> 3;
    a ^= (ulong)V[(t + 3) & 15] << 17;
  }
  out[2 * i] = a;
  out[2 * i + 1] = b ^ W[3] ^ W[15] ^ (ulong)V[0] ^ ((ulong)V[15] << 32);
}
