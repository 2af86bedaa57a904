//! kernel bitselect_select
//! global 64
//! arg buffer<uint4> 64 random
//! arg buffer<uint4> 64 random
//! arg buffer<int4> 64 random
//! arg buffer<uint4> 192 out

// bitselect on integers and floats; select with signed and unsigned vector conditions.
kernel void bitselect_select(global const uint4 *a, global const uint4 *b, global const int4 *c,
                             global uint4 *out) {
  int g = get_global_id(0);
  uint4 x = a[g], y = b[g];
  int4 m = c[g];
  out[3 * g + 0] = bitselect(x, y, (uint4)(0xF0F0F0F0u));
  out[3 * g + 1] = select(x, y, m);
  out[3 * g + 2] = select(x, y, as_uint4(m)) + as_uint4(bitselect(as_float4(x), as_float4(y), as_float4(m)));
}
