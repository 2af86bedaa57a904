//! kernel integer_vector
//! global 64
//! arg buffer<short8> 64 random
//! arg buffer<ushort8> 64 random
//! arg buffer<short8> 256 out

// Integer builtins on short8 / ushort8 vectors.
kernel void integer_vector(global const short8 *a, global const ushort8 *b, global short8 *out) {
  int g = get_global_id(0);
  short8 x = a[g];
  ushort8 y = b[g];
  out[4 * g + 0] = add_sat(x, x.s76543210);
  out[4 * g + 1] = as_short8(abs(x)) + as_short8(rotate(y, (ushort8)(3)));
  out[4 * g + 2] = clamp(x, (short)-1000, (short)1000) + max(x, (short8)(0));
  out[4 * g + 3] = as_short8(popcount(y) + clz(y)) + as_short8(mul_hi(y, y));
}
