//! kernel sha1_chain
//! global 256
//! local 64
//! arg buffer<uint> 1024 random
//! arg buffer<uint> 1280 out
//! arg uint 4

// SHA-1-style compression written as loops, as simple implementations
// write it: the message schedule in a 16-word ring in private memory
// (W[t & 15], one rotate per word), 80 rounds whose boolean function and
// constant change every 20 rounds, five 32-bit state words. The functions,
// constants and rotations follow FIPS 180-4; each work-item chains
// `blocks` compressions on a message derived from its four input words and
// the last digest (no padding, so not the standard hash).

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

void sha1_compress(uint h[5], const uint m[16]) {
  uint W[16];
  for (int t = 0; t < 16; t++)
    W[t] = m[t];
  uint a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
  for (int t = 0; t < 80; t++) {
    if (t >= 16) {
      uint x = W[(t - 3) & 15] ^ W[(t - 8) & 15] ^ W[(t - 14) & 15] ^ W[t & 15];
      W[t & 15] = ROTL32(x, 1);
    }
    uint f, k;
    if (t < 20) {
      f = (b & c) | (~b & d);
      k = 0x5a827999u;
    } else if (t < 40) {
      f = b ^ c ^ d;
      k = 0x6ed9eba1u;
    } else if (t < 60) {
      f = (b & c) | (b & d) | (c & d);
      k = 0x8f1bbcdcu;
    } else {
      f = b ^ c ^ d;
      k = 0xca62c1d6u;
    }
    uint tmp = ROTL32(a, 5) + f + e + k + W[t & 15];
    e = d;
    d = c;
    c = ROTL32(b, 30);
    b = a;
    a = tmp;
  }
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
  h[4] += e;
}

kernel void sha1_chain(global const uint *in, global uint *out, uint blocks) {
  size_t i = get_global_id(0);
  uint h[5] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u};
  uint m[16];
  for (uint k = 0; k < blocks; k++) {
    for (int j = 0; j < 16; j++)
      m[j] = in[i * 4 + (j & 3)] ^ h[j % 5] ^ (k << 8) ^ (uint)j;
    sha1_compress(h, m);
  }
  for (int j = 0; j < 5; j++)
    out[i * 5 + j] = h[j];
}
