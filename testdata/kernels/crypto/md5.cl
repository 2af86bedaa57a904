//! kernel md5_chain
//! global 256
//! local 64
//! arg buffer<uint4> 256 random
//! arg buffer<uint4> 256 out
//! arg uint 8

// MD5-style rounds as password-recovery tools write them: the 64 steps
// unrolled by macros (32-bit add, rotate and bitwise functions), the
// message in four uint4 words, the state in a uint4. Each work-item chains
// `blocks` compressions, each message derived from its input and the last
// digest. The step functions, constants (floor(|sin(i+1)| * 2^32)) and
// shift amounts follow RFC 1321; padding and length are left out, so this
// is the instruction mix of MD5, not the standard hash.

#define MD5_F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MD5_G(x, y, z) ((y) ^ ((z) & ((x) ^ (y))))
#define MD5_H(x, y, z) ((x) ^ (y) ^ (z))
#define MD5_I(x, y, z) ((y) ^ ((x) | ~(z)))
#define MD5_STEP(f, a, b, c, d, x, t, s) \
  do {                                   \
    a += f(b, c, d) + (x) + (t);         \
    a = rotate(a, (uint)(s));            \
    a += b;                              \
  } while (0)

uint4 md5_compress(uint4 st, uint4 w0, uint4 w1, uint4 w2, uint4 w3) {
  uint a = st.x, b = st.y, c = st.z, d = st.w;
  MD5_STEP(MD5_F, a, b, c, d, w0.x, 0xd76aa478u, 7);
  MD5_STEP(MD5_F, d, a, b, c, w0.y, 0xe8c7b756u, 12);
  MD5_STEP(MD5_F, c, d, a, b, w0.z, 0x242070dbu, 17);
  MD5_STEP(MD5_F, b, c, d, a, w0.w, 0xc1bdceeeu, 22);
  MD5_STEP(MD5_F, a, b, c, d, w1.x, 0xf57c0fafu, 7);
  MD5_STEP(MD5_F, d, a, b, c, w1.y, 0x4787c62au, 12);
  MD5_STEP(MD5_F, c, d, a, b, w1.z, 0xa8304613u, 17);
  MD5_STEP(MD5_F, b, c, d, a, w1.w, 0xfd469501u, 22);
  MD5_STEP(MD5_F, a, b, c, d, w2.x, 0x698098d8u, 7);
  MD5_STEP(MD5_F, d, a, b, c, w2.y, 0x8b44f7afu, 12);
  MD5_STEP(MD5_F, c, d, a, b, w2.z, 0xffff5bb1u, 17);
  MD5_STEP(MD5_F, b, c, d, a, w2.w, 0x895cd7beu, 22);
  MD5_STEP(MD5_F, a, b, c, d, w3.x, 0x6b901122u, 7);
  MD5_STEP(MD5_F, d, a, b, c, w3.y, 0xfd987193u, 12);
  MD5_STEP(MD5_F, c, d, a, b, w3.z, 0xa679438eu, 17);
  MD5_STEP(MD5_F, b, c, d, a, w3.w, 0x49b40821u, 22);
  MD5_STEP(MD5_G, a, b, c, d, w0.y, 0xf61e2562u, 5);
  MD5_STEP(MD5_G, d, a, b, c, w1.z, 0xc040b340u, 9);
  MD5_STEP(MD5_G, c, d, a, b, w2.w, 0x265e5a51u, 14);
  MD5_STEP(MD5_G, b, c, d, a, w0.x, 0xe9b6c7aau, 20);
  MD5_STEP(MD5_G, a, b, c, d, w1.y, 0xd62f105du, 5);
  MD5_STEP(MD5_G, d, a, b, c, w2.z, 0x02441453u, 9);
  MD5_STEP(MD5_G, c, d, a, b, w3.w, 0xd8a1e681u, 14);
  MD5_STEP(MD5_G, b, c, d, a, w1.x, 0xe7d3fbc8u, 20);
  MD5_STEP(MD5_G, a, b, c, d, w2.y, 0x21e1cde6u, 5);
  MD5_STEP(MD5_G, d, a, b, c, w3.z, 0xc33707d6u, 9);
  MD5_STEP(MD5_G, c, d, a, b, w0.w, 0xf4d50d87u, 14);
  MD5_STEP(MD5_G, b, c, d, a, w2.x, 0x455a14edu, 20);
  MD5_STEP(MD5_G, a, b, c, d, w3.y, 0xa9e3e905u, 5);
  MD5_STEP(MD5_G, d, a, b, c, w0.z, 0xfcefa3f8u, 9);
  MD5_STEP(MD5_G, c, d, a, b, w1.w, 0x676f02d9u, 14);
  MD5_STEP(MD5_G, b, c, d, a, w3.x, 0x8d2a4c8au, 20);
  MD5_STEP(MD5_H, a, b, c, d, w1.y, 0xfffa3942u, 4);
  MD5_STEP(MD5_H, d, a, b, c, w2.x, 0x8771f681u, 11);
  MD5_STEP(MD5_H, c, d, a, b, w2.w, 0x6d9d6122u, 16);
  MD5_STEP(MD5_H, b, c, d, a, w3.z, 0xfde5380cu, 23);
  MD5_STEP(MD5_H, a, b, c, d, w0.y, 0xa4beea44u, 4);
  MD5_STEP(MD5_H, d, a, b, c, w1.x, 0x4bdecfa9u, 11);
  MD5_STEP(MD5_H, c, d, a, b, w1.w, 0xf6bb4b60u, 16);
  MD5_STEP(MD5_H, b, c, d, a, w2.z, 0xbebfbc70u, 23);
  MD5_STEP(MD5_H, a, b, c, d, w3.y, 0x289b7ec6u, 4);
  MD5_STEP(MD5_H, d, a, b, c, w0.x, 0xeaa127fau, 11);
  MD5_STEP(MD5_H, c, d, a, b, w0.w, 0xd4ef3085u, 16);
  MD5_STEP(MD5_H, b, c, d, a, w1.z, 0x04881d05u, 23);
  MD5_STEP(MD5_H, a, b, c, d, w2.y, 0xd9d4d039u, 4);
  MD5_STEP(MD5_H, d, a, b, c, w3.x, 0xe6db99e5u, 11);
  MD5_STEP(MD5_H, c, d, a, b, w3.w, 0x1fa27cf8u, 16);
  MD5_STEP(MD5_H, b, c, d, a, w0.z, 0xc4ac5665u, 23);
  MD5_STEP(MD5_I, a, b, c, d, w0.x, 0xf4292244u, 6);
  MD5_STEP(MD5_I, d, a, b, c, w1.w, 0x432aff97u, 10);
  MD5_STEP(MD5_I, c, d, a, b, w3.z, 0xab9423a7u, 15);
  MD5_STEP(MD5_I, b, c, d, a, w1.y, 0xfc93a039u, 21);
  MD5_STEP(MD5_I, a, b, c, d, w3.x, 0x655b59c3u, 6);
  MD5_STEP(MD5_I, d, a, b, c, w0.w, 0x8f0ccc92u, 10);
  MD5_STEP(MD5_I, c, d, a, b, w2.z, 0xffeff47du, 15);
  MD5_STEP(MD5_I, b, c, d, a, w0.y, 0x85845dd1u, 21);
  MD5_STEP(MD5_I, a, b, c, d, w2.x, 0x6fa87e4fu, 6);
  MD5_STEP(MD5_I, d, a, b, c, w3.w, 0xfe2ce6e0u, 10);
  MD5_STEP(MD5_I, c, d, a, b, w1.z, 0xa3014314u, 15);
  MD5_STEP(MD5_I, b, c, d, a, w3.y, 0x4e0811a1u, 21);
  MD5_STEP(MD5_I, a, b, c, d, w1.x, 0xf7537e82u, 6);
  MD5_STEP(MD5_I, d, a, b, c, w2.w, 0xbd3af235u, 10);
  MD5_STEP(MD5_I, c, d, a, b, w0.z, 0x2ad7d2bbu, 15);
  MD5_STEP(MD5_I, b, c, d, a, w2.y, 0xeb86d391u, 21);
  return st + (uint4)(a, b, c, d);
}

kernel void md5_chain(global const uint4 *in, global uint4 *out, uint blocks) {
  size_t i = get_global_id(0);
  uint4 seed = in[i];
  uint4 st = (uint4)(0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u);
  for (uint k = 0; k < blocks; k++) {
    uint4 w0 = seed ^ st;
    uint4 w1 = (uint4)(k, k + 1u, k * 3u, (uint)i) ^ st.yzwx;
    uint4 w2 = seed.wzyx + st;
    uint4 w3 = (uint4)(0x80u, 0u, (uint)i * 8u, 0u) ^ seed;
    st = md5_compress(st, w0, w1, w2, w3);
  }
  out[i] = st;
}
