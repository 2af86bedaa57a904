//! kernel packed_attr
//! global 16
//! arg buffer<uchar> 112 iota
//! arg buffer<int> 48 out

// A packed struct (7 bytes) read from an unaligned byte buffer.
typedef struct __attribute__((packed)) { uchar tag; int value; short extra; } rec;

kernel void packed_attr(global const uchar *raw, global int *out) {
  int g = get_global_id(0);
  global const rec *r = (global const rec *)raw;
  rec v = r[g];
  out[3 * g + 0] = sizeof(rec);
  out[3 * g + 1] = v.tag + v.extra;
  out[3 * g + 2] = v.value;
}
