//! kernel uchar_arith
//! global 256
//! arg buffer<uchar> 256 random
//! arg buffer<uchar> 256 random(1,255)
//! arg buffer<uchar> 1024 out

// uchar: wrap-around, unsigned division and modulo, comparison after promotion.
kernel void uchar_arith(global const uchar *a, global const uchar *b, global uchar *out) {
  int i = get_global_id(0);
  uchar x = a[i], y = b[i];
  out[4 * i + 0] = (uchar)(x + y);
  out[4 * i + 1] = x / y;
  out[4 * i + 2] = x % y;
  out[4 * i + 3] = (uchar)(x - y) > x ? 1 : 0;
}
