//! kernel short_arith
//! global 256
//! arg buffer<short> 256 random
//! arg buffer<short> 256 random(1,1000)
//! arg buffer<short> 1024 out

// short: signed division truncates toward zero, modulo takes the dividend's sign.
kernel void short_arith(global const short *a, global const short *b, global short *out) {
  int i = get_global_id(0);
  short x = a[i], y = b[i];
  out[4 * i + 0] = x / y;
  out[4 * i + 1] = x % y;
  out[4 * i + 2] = (short)(x * y);
  out[4 * i + 3] = (short)(-x >> 3);
}
