//! kernel mixed_width_writes
//! global 32
//! arg buffer<uint> 128 zero

// One buffer written as uint, as ushort and as uchar through different views.
kernel void mixed_width_writes(global uint *buf) {
  int g = get_global_id(0);
  global uint *w = buf + 4 * g;
  global ushort *h = (global ushort *)(w + 1);
  global uchar *b = (global uchar *)(w + 2);
  w[0] = 0x01020304u * g;
  h[0] = (ushort)(g * 3);
  h[1] = 0xBEEF;
  b[0] = 1; b[1] = 2; b[3] = (uchar)g;
  w[3] = w[0] ^ w[1];
}
