//! kernel packed_small
//! global 512
//! local 64
//! arg buffer<uchar4> 512 random
//! arg buffer<short2> 512 random(-30000,30000)
//! arg buffer<char4> 512 out
//! arg buffer<ushort2> 512 out
//! arg buffer<uchar> 2048 out

// Vectors of 8- and 16-bit numbers that fill four bytes: the host driver
// moves each lane's four bytes as one word when the addresses are affine,
// and byte by byte when they are not.
kernel void packed_small(global const uchar4 *a, global const short2 *b,
                         global char4 *c, global ushort2 *d, global uchar *e) {
  int i = get_global_id(0);
  uchar4 x = a[i];
  short2 y = b[511 - i];
  uchar4 z = a[(i * 7) & 511];
  c[i] = convert_char4_sat(x) + (char4)(1, -2, 3, -4) + as_char4(z);
  d[(i * 5) & 511] = as_ushort2(y + (short2)(i, -i));
  vstore4(x.wzyx + (uchar)i, i, e);
}
