//! kernel sha512_chain
//! global 128
//! local 64
//! arg buffer<ulong4> 256 random
//! arg buffer<ulong8> 128 out
//! arg uint 2

// SHA-512-style compression on 64-bit words: 80 rounds written as a loop
// over groups of eight rounds unrolled by a macro (the state variables
// rotate through the macro's arguments instead of being moved), the
// schedule in a 16-word ring of ulong, 64-bit rotates, shifts, adds and
// bitwise functions, the 80 constants in __constant memory. Functions and
// constants follow FIPS 180-4; each work-item chains `blocks` compressions
// on messages derived from its two ulong4 inputs and the last digest.

#define ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define S0(x) (ROTR64(x, 28) ^ ROTR64(x, 34) ^ ROTR64(x, 39))
#define S1(x) (ROTR64(x, 14) ^ ROTR64(x, 18) ^ ROTR64(x, 41))
#define s0(x) (ROTR64(x, 1) ^ ROTR64(x, 8) ^ ((x) >> 7))
#define s1(x) (ROTR64(x, 19) ^ ROTR64(x, 61) ^ ((x) >> 6))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

constant ulong K512[80] = {
  0x428a2f98d728ae22UL, 0x7137449123ef65cdUL, 0xb5c0fbcfec4d3b2fUL,
  0xe9b5dba58189dbbcUL, 0x3956c25bf348b538UL, 0x59f111f1b605d019UL,
  0x923f82a4af194f9bUL, 0xab1c5ed5da6d8118UL, 0xd807aa98a3030242UL,
  0x12835b0145706fbeUL, 0x243185be4ee4b28cUL, 0x550c7dc3d5ffb4e2UL,
  0x72be5d74f27b896fUL, 0x80deb1fe3b1696b1UL, 0x9bdc06a725c71235UL,
  0xc19bf174cf692694UL, 0xe49b69c19ef14ad2UL, 0xefbe4786384f25e3UL,
  0x0fc19dc68b8cd5b5UL, 0x240ca1cc77ac9c65UL, 0x2de92c6f592b0275UL,
  0x4a7484aa6ea6e483UL, 0x5cb0a9dcbd41fbd4UL, 0x76f988da831153b5UL,
  0x983e5152ee66dfabUL, 0xa831c66d2db43210UL, 0xb00327c898fb213fUL,
  0xbf597fc7beef0ee4UL, 0xc6e00bf33da88fc2UL, 0xd5a79147930aa725UL,
  0x06ca6351e003826fUL, 0x142929670a0e6e70UL, 0x27b70a8546d22ffcUL,
  0x2e1b21385c26c926UL, 0x4d2c6dfc5ac42aedUL, 0x53380d139d95b3dfUL,
  0x650a73548baf63deUL, 0x766a0abb3c77b2a8UL, 0x81c2c92e47edaee6UL,
  0x92722c851482353bUL, 0xa2bfe8a14cf10364UL, 0xa81a664bbc423001UL,
  0xc24b8b70d0f89791UL, 0xc76c51a30654be30UL, 0xd192e819d6ef5218UL,
  0xd69906245565a910UL, 0xf40e35855771202aUL, 0x106aa07032bbd1b8UL,
  0x19a4c116b8d2d0c8UL, 0x1e376c085141ab53UL, 0x2748774cdf8eeb99UL,
  0x34b0bcb5e19b48a8UL, 0x391c0cb3c5c95a63UL, 0x4ed8aa4ae3418acbUL,
  0x5b9cca4f7763e373UL, 0x682e6ff3d6b2b8a3UL, 0x748f82ee5defb2fcUL,
  0x78a5636f43172f60UL, 0x84c87814a1f0ab72UL, 0x8cc702081a6439ecUL,
  0x90befffa23631e28UL, 0xa4506cebde82bde9UL, 0xbef9a3f7b2c67915UL,
  0xc67178f2e372532bUL, 0xca273eceea26619cUL, 0xd186b8c721c0c207UL,
  0xeada7dd6cde0eb1eUL, 0xf57d4f7fee6ed178UL, 0x06f067aa72176fbaUL,
  0x0a637dc5a2c898a6UL, 0x113f9804bef90daeUL, 0x1b710b35131c471bUL,
  0x28db77f523047d84UL, 0x32caab7b40c72493UL, 0x3c9ebe0a15c9bebcUL,
  0x431d67c49c100d4cUL, 0x4cc5d4becb3e42b6UL, 0x597f299cfc657e2aUL,
  0x5fcb6fab3ad6faecUL, 0x6c44198c4a475817UL,
};

// One round: W[j & 15] is this round's schedule word (expanded in place
// after the first 16 rounds).
#define ROUND(a, b, c, d, e, f, g, h, j)                                          \
  do {                                                                            \
    if (t >= 16)                                                                  \
      W[(j) & 15] += s1(W[((j) + 14) & 15]) + W[((j) + 9) & 15] + s0(W[((j) + 1) & 15]); \
    ulong t1 = h + S1(e) + CH(e, f, g) + K512[t + (j)] + W[(j) & 15];             \
    d += t1;                                                                      \
    h = t1 + S0(a) + MAJ(a, b, c);                                                \
  } while (0)

void sha512_compress(ulong H[8], ulong W[16]) {
  ulong a = H[0], b = H[1], c = H[2], d = H[3], e = H[4], f = H[5], g = H[6], h = H[7];
  for (int t = 0; t < 80; t += 8) {
    ROUND(a, b, c, d, e, f, g, h, 0);
    ROUND(h, a, b, c, d, e, f, g, 1);
    ROUND(g, h, a, b, c, d, e, f, 2);
    ROUND(f, g, h, a, b, c, d, e, 3);
    ROUND(e, f, g, h, a, b, c, d, 4);
    ROUND(d, e, f, g, h, a, b, c, 5);
    ROUND(c, d, e, f, g, h, a, b, 6);
    ROUND(b, c, d, e, f, g, h, a, 7);
  }
  H[0] += a; H[1] += b; H[2] += c; H[3] += d;
  H[4] += e; H[5] += f; H[6] += g; H[7] += h;
}

kernel void sha512_chain(global const ulong4 *in, global ulong8 *out, uint blocks) {
  size_t i = get_global_id(0);
  ulong H[8] = {
    0x6a09e667f3bcc908UL, 0xbb67ae8584caa73bUL,
    0x3c6ef372fe94f82bUL, 0xa54ff53a5f1d36f1UL,
    0x510e527fade682d1UL, 0x9b05688c2b3e6c1fUL,
    0x1f83d9abfb41bd6bUL, 0x5be0cd19137e2179UL,
  };
  ulong4 x0 = in[2 * i], x1 = in[2 * i + 1];
  ulong W[16];
  for (uint k = 0; k < blocks; k++) {
    W[0] = x0.s0 ^ H[0]; W[1] = x0.s1 ^ H[1]; W[2] = x0.s2 ^ H[2]; W[3] = x0.s3 ^ H[3];
    W[4] = x1.s0 ^ H[4]; W[5] = x1.s1 ^ H[5]; W[6] = x1.s2 ^ H[6]; W[7] = x1.s3 ^ H[7];
    W[8] = 0x8000000000000000UL ^ k; W[9] = i; W[10] = 0; W[11] = 0;
    W[12] = H[0] + H[7]; W[13] = 0; W[14] = 0; W[15] = 1024;
    sha512_compress(H, W);
  }
  out[i] = (ulong8)(H[0], H[1], H[2], H[3], H[4], H[5], H[6], H[7]);
}
