//! kernel uint_arith
//! global 256
//! arg buffer<uint> 256 random
//! arg buffer<uint> 256 random(1,4294967295)
//! arg buffer<uint> 1280 out

// uint: full-range unsigned arithmetic (wraps), division and modulo.
kernel void uint_arith(global const uint *a, global const uint *b, global uint *out) {
  int i = get_global_id(0);
  uint x = a[i], y = b[i];
  out[5 * i + 0] = x + y;
  out[5 * i + 1] = x - y;
  out[5 * i + 2] = x * y;
  out[5 * i + 3] = x / y;
  out[5 * i + 4] = x % y;
}
