//! kernel uchar4_pixels
//! global 256
//! arg buffer<uchar4> 256 random
//! arg buffer<uchar4> 256 out

// uchar4 pixel arithmetic with conversion to and from int.
kernel void uchar4_pixels(global const uchar4 *in, global uchar4 *out) {
  int i = get_global_id(0);
  uchar4 p = in[i];
  int4 q = convert_int4(p);
  int g = (q.x * 77 + q.y * 150 + q.z * 29) >> 8;
  out[i] = (uchar4)((uchar)g, (uchar)g, p.z, (uchar)255) ^ p.wzyx;
}
