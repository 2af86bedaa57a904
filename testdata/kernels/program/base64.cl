//! kernel base64
//! global 64
//! arg buffer<uchar> 192 random
//! arg buffer<uchar> 256 out

// Base64 encoding of 3 bytes into 4 characters with a __constant alphabet.
constant char alphabet[65] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

kernel void base64(global const uchar *in, global uchar *out) {
  int g = get_global_id(0);
  uint w = ((uint)in[3 * g] << 16) | ((uint)in[3 * g + 1] << 8) | in[3 * g + 2];
  for (int k = 0; k < 4; k++)
    out[4 * g + k] = alphabet[(w >> (18 - 6 * k)) & 63];
}
