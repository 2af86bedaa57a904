//! kernel struct_copy_global
//! global 64
//! arg buffer<int4> 64 random
//! arg buffer<int4> 64 out

// Whole-struct copies between global and private memory.
typedef struct { int a; short b; char c; char d; int e[2]; } packed_like;

kernel void struct_copy_global(global const int4 *in, global int4 *out) {
  int i = get_global_id(0);
  global const packed_like *src = (global const packed_like *)in;
  global packed_like *dst = (global packed_like *)out;
  packed_like p = src[i];
  p.b = (short)(p.b + 1);
  p.c = p.d;
  p.e[0] ^= p.e[1];
  dst[i] = p;
}
