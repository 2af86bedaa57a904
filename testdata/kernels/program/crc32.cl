//! kernel crc32
//! global 64
//! arg buffer<uchar> 4096 random
//! arg buffer<uint> 64 out

// Bitwise CRC-32 (reflected, polynomial 0xEDB88320) of each 64-byte block.
kernel void crc32(global const uchar *data, global uint *out) {
  int g = get_global_id(0);
  uint crc = 0xFFFFFFFFu;
  for (int i = 0; i < 64; i++) {
    crc ^= data[64 * g + i];
    for (int b = 0; b < 8; b++)
      crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1u));
  }
  out[g] = ~crc;
}
