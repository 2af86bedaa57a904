//! kernel vec_long
//! global 64
//! arg buffer<long2> 64 random
//! arg buffer<ulong4> 64 random
//! arg buffer<long2> 64 out
//! arg buffer<ulong4> 64 out

// 64-bit vectors: long2 and ulong4 arithmetic, comparison result is long.
kernel void vec_long(global const long2 *a, global const ulong4 *b, global long2 *o1,
                     global ulong4 *o2) {
  int i = get_global_id(0);
  long2 x = a[i];
  ulong4 y = b[i];
  o1[i] = (x >> 3) + (x < 0) + x.yx * 5;
  o2[i] = (y >> (ulong4)(1, 2, 63, 64)) + as_ulong4(y > (ulong4)(1UL << 63));
}
