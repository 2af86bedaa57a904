//! kernel char_arith
//! global 256
//! arg buffer<char> 256 random
//! arg buffer<char> 256 random
//! arg buffer<char> 1024 out

// char arithmetic: promotion to int, truncation back to char, wrap.
kernel void char_arith(global const char *a, global const char *b, global char *out) {
  int i = get_global_id(0);
  char x = a[i], y = b[i];
  out[4 * i + 0] = x + y;
  out[4 * i + 1] = x - y;
  out[4 * i + 2] = x * y;
  out[4 * i + 3] = (char)((x ^ y) >> 1);
}
