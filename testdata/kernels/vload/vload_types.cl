//! kernel vload_types
//! global 64
//! arg buffer<uchar> 1024 random
//! arg buffer<short> 512 random
//! arg buffer<uint> 1024 out

// vload on uchar and short buffers, vstore of uint vectors.
kernel void vload_types(global const uchar *a, global const short *b, global uint *out) {
  int g = get_global_id(0);
  uchar16 u = vload16(g, a);
  short8 s = vload8(g, b);
  uint8 r = convert_uint8(u.lo) * 3u + as_uint8(convert_int8(s));
  vstore8(r, g, out);
  vstore8(convert_uint8(u.hi), g + 64, out);
}
