//! kernel sha256_chain
//! global 256
//! local 64
//! arg buffer<uint8> 256 random
//! arg buffer<uint8> 256 out
//! arg uint 4

// SHA-256-style compression: the 64 round constants in __constant memory,
// the whole 64-word message schedule expanded into a private array first,
// then 64 rounds as a loop over eight 32-bit state words (the Σ and σ
// functions are rotates and shifts, Ch and Maj bitwise). Functions and
// constants follow FIPS 180-4; each work-item chains `blocks` compressions
// on messages derived from its uint8 input and the last digest.

#define ROTR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define S0(x) (ROTR32(x, 2) ^ ROTR32(x, 13) ^ ROTR32(x, 22))
#define S1(x) (ROTR32(x, 6) ^ ROTR32(x, 11) ^ ROTR32(x, 25))
#define s0(x) (ROTR32(x, 7) ^ ROTR32(x, 18) ^ ((x) >> 3))
#define s1(x) (ROTR32(x, 17) ^ ROTR32(x, 19) ^ ((x) >> 10))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))

constant uint K256[64] = {
  0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u,
  0x923f82a4u, 0xab1c5ed5u, 0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
  0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u, 0xe49b69c1u, 0xefbe4786u,
  0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
  0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u,
  0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
  0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u, 0xa2bfe8a1u, 0xa81a664bu,
  0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
  0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au,
  0x5b9cca4fu, 0x682e6ff3u, 0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
  0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

uint8 sha256_compress(uint8 st, uint8 m0, uint8 m1) {
  uint W[64];
  W[0] = m0.s0; W[1] = m0.s1; W[2] = m0.s2; W[3] = m0.s3;
  W[4] = m0.s4; W[5] = m0.s5; W[6] = m0.s6; W[7] = m0.s7;
  W[8] = m1.s0; W[9] = m1.s1; W[10] = m1.s2; W[11] = m1.s3;
  W[12] = m1.s4; W[13] = m1.s5; W[14] = m1.s6; W[15] = m1.s7;
  for (int t = 16; t < 64; t++)
    W[t] = s1(W[t - 2]) + W[t - 7] + s0(W[t - 15]) + W[t - 16];
  uint a = st.s0, b = st.s1, c = st.s2, d = st.s3;
  uint e = st.s4, f = st.s5, g = st.s6, h = st.s7;
  for (int t = 0; t < 64; t++) {
    uint t1 = h + S1(e) + CH(e, f, g) + K256[t] + W[t];
    uint t2 = S0(a) + MAJ(a, b, c);
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  return st + (uint8)(a, b, c, d, e, f, g, h);
}

kernel void sha256_chain(global const uint8 *in, global uint8 *out, uint blocks) {
  size_t i = get_global_id(0);
  uint8 st = (uint8)(0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                     0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u);
  uint8 x = in[i];
  for (uint k = 0; k < blocks; k++) {
    uint8 m0 = x ^ st;
    uint8 m1 = x.s76543210 + (uint8)(k, (uint)i, 0x80000000u, 0u, 0u, 0u, 0u, 512u);
    st = sha256_compress(st, m0, m1);
  }
  out[i] = st;
}
