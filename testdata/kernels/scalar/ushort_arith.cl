//! kernel ushort_arith
//! global 256
//! arg buffer<ushort> 256 random
//! arg buffer<ushort> 256 random(1,65535)
//! arg buffer<ushort> 1024 out

// ushort: the product is computed in int, then truncated.
kernel void ushort_arith(global const ushort *a, global const ushort *b, global ushort *out) {
  int i = get_global_id(0);
  ushort x = a[i], y = b[i];
  out[4 * i + 0] = x * y;
  out[4 * i + 1] = x / y;
  out[4 * i + 2] = x % y;
  out[4 * i + 3] = ~x;
}
