//! kernel narrow_runs
//! global 64,16
//! local 16,4
//! arg buffer<uchar4> 1024 random
//! arg buffer<char4> 1024 random
//! arg buffer<ushort2> 1024 random
//! arg buffer<uchar16> 1024 random
//! arg buffer<short8> 1024 random
//! arg buffer<uchar4> 1024 out
//! arg buffer<uchar> 1024 out
//! arg buffer<char4> 1024 out
//! arg buffer<ushort2> 1024 out
//! arg buffer<uchar16> 1024 out
//! arg buffer<ushort4> 1024 out
//! arg int 64

// Vectors of 1- and 2-byte components that native code moves one word
// per lane (vecnarrow.go): an integer Sobel filter on uchar4 pixels (six
// neighbours at affine offsets, a border written under a partial mask),
// RGBA to gray, char4 and ushort2 arithmetic (the ushort2 store under a
// data-dependent mask), uchar16 and short8 (16 bytes a lane), a ushort4
// store (8 bytes a lane) and a uchar4 read at offsets with no affine form
// (checked for dense lanes at run time).
kernel void narrow_runs(global const uchar4 *rgba, global const char4 *sc,
                        global const ushort2 *us, global const uchar16 *bytes,
                        global const short8 *s8, global uchar4 *edge,
                        global uchar *gray, global char4 *cout,
                        global ushort2 *uout, global uchar16 *bout,
                        global ushort4 *u4out, int w) {
  int x = get_global_id(0), y = get_global_id(1);
  int h = get_global_size(1), i = y * w + x;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) {
    edge[i] = (uchar4)(0);
  } else {
    int4 gx = -convert_int4(rgba[i - w - 1]) + convert_int4(rgba[i - w + 1]) -
              2 * convert_int4(rgba[i - 1]) + 2 * convert_int4(rgba[i + 1]) -
              convert_int4(rgba[i + w - 1]) + convert_int4(rgba[i + w + 1]);
    int4 gy = -convert_int4(rgba[i - w - 1]) - 2 * convert_int4(rgba[i - w]) -
              convert_int4(rgba[i - w + 1]) + convert_int4(rgba[i + w - 1]) +
              2 * convert_int4(rgba[i + w]) + convert_int4(rgba[i + w + 1]);
    edge[i] = convert_uchar4_sat((abs(gx) + abs(gy)) / 2);
  }
  uchar4 p = rgba[i];
  uchar4 q = rgba[(i + 16) & 1023];
  gray[i] = (uchar)((p.x * 77 + p.y * 150 + p.z * 29 + q.w) >> 8);
  char4 c = sc[i];
  cout[i] = (c >> (char)1) + c.wzyx;
  if (c.x & 1)
    uout[i] = us[i].yx + (ushort2)(x, y);
  uchar16 b = bytes[i];
  bout[i] = b.sfedcba9876543210 ^ rotate(b, (uchar16)(3));
  short8 s = s8[i];
  u4out[i] = as_ushort4(s.s0246 - s.s1357);
}
