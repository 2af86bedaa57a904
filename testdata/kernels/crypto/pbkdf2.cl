//! kernel pbkdf2_hmac_sha1
//! global 64
//! local 32
//! arg buffer<uint4> 64 random
//! arg buffer<uint4> 64 random
//! arg buffer<uint> 320 out
//! arg uint 300

// A PBKDF2-style loop (RFC 8018): every work-item derives one 20-byte key
// from its 16-byte password and salt with `iterations` rounds of an
// HMAC (RFC 2104) over a SHA-1-style compression, two compressions per
// round, XOR-ing every round's output into the key. The compression
// takes its message in four uint4 words and runs its 80 steps as four
// loops of 20 (FIPS 180-4's functions and constants). Password tools run
// thousands of iterations per work-item; the default here is small.

#define ROTL32(x, n) rotate((uint)(x), (uint)(n))

void sha1_transform(uint4 w0, uint4 w1, uint4 w2, uint4 w3, uint *h) {
  uint W[16] = {w0.x, w0.y, w0.z, w0.w, w1.x, w1.y, w1.z, w1.w,
                w2.x, w2.y, w2.z, w2.w, w3.x, w3.y, w3.z, w3.w};
  uint a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
  int t = 0;
#define SHA1_STEP(F, K)                                                      \
  do {                                                                       \
    uint w = W[t & 15];                                                      \
    if (t >= 16) {                                                           \
      w = ROTL32(W[(t + 13) & 15] ^ W[(t + 8) & 15] ^ W[(t + 2) & 15] ^ w, 1); \
      W[t & 15] = w;                                                         \
    }                                                                        \
    uint tmp = ROTL32(a, 5) + (F) + e + (K) + w;                             \
    e = d;                                                                   \
    d = c;                                                                   \
    c = ROTL32(b, 30);                                                       \
    b = a;                                                                   \
    a = tmp;                                                                 \
    t++;                                                                     \
  } while (0)
  for (int i = 0; i < 20; i++)
    SHA1_STEP(d ^ (b & (c ^ d)), 0x5a827999u);
  for (int i = 0; i < 20; i++)
    SHA1_STEP(b ^ c ^ d, 0x6ed9eba1u);
  for (int i = 0; i < 20; i++)
    SHA1_STEP((b & c) | (d & (b | c)), 0x8f1bbcdcu);
  for (int i = 0; i < 20; i++)
    SHA1_STEP(b ^ c ^ d, 0xca62c1d6u);
#undef SHA1_STEP
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
  h[4] += e;
}

// hmac_block runs one HMAC of a 20-byte message given the inner and outer
// states (the key's ipad and opad blocks already compressed).
void hmac_block(const uint *ipad, const uint *opad, uint *msg) {
  uint h[5] = {ipad[0], ipad[1], ipad[2], ipad[3], ipad[4]};
  uint4 pad = (uint4)(0x80000000u, 0u, 0u, 0u);
  uint4 len = (uint4)(0u, 0u, 0u, (64u + 20u) * 8u);
  sha1_transform((uint4)(msg[0], msg[1], msg[2], msg[3]),
                 (uint4)(msg[4], pad.x, pad.y, pad.z), (uint4)(0u), len, h);
  for (int j = 0; j < 5; j++)
    msg[j] = opad[j];
  sha1_transform((uint4)(h[0], h[1], h[2], h[3]),
                 (uint4)(h[4], pad.x, pad.y, pad.z), (uint4)(0u), len, msg);
}

kernel void pbkdf2_hmac_sha1(global const uint4 *password, global const uint4 *salt,
                             global uint *key, uint iterations) {
  size_t gid = get_global_id(0);
  uint4 pw = password[gid];
  uint ipad[5] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u};
  uint opad[5] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u};
  sha1_transform(pw ^ 0x36363636u, (uint4)(0x36363636u), (uint4)(0x36363636u),
                 (uint4)(0x36363636u), ipad);
  sha1_transform(pw ^ 0x5c5c5c5cu, (uint4)(0x5c5c5c5cu), (uint4)(0x5c5c5c5cu),
                 (uint4)(0x5c5c5c5cu), opad);
  uint4 s = salt[gid];
  uint u[5] = {s.x, s.y, s.z, s.w, 1u};
  hmac_block(ipad, opad, u);
  uint t[5] = {u[0], u[1], u[2], u[3], u[4]};
  for (uint it = 1; it < iterations; it++) {
    hmac_block(ipad, opad, u);
    for (int j = 0; j < 5; j++)
      t[j] ^= u[j];
  }
  for (int j = 0; j < 5; j++)
    key[gid * 5 + j] = t[j];
}
