//! kernel width8
//! global 64
//! arg buffer<uint8> 64 random
//! arg buffer<uint8> 64 out

// 8-wide vectors: .s0-.s7, .lo/.hi/.even/.odd, a reversing swizzle.
kernel void width8(global const uint8 *in, global uint8 *out) {
  int i = get_global_id(0);
  uint8 v = in[i];
  uint4 a = v.lo ^ v.hi;
  uint4 b = v.even + v.odd;
  uint8 r = (uint8)(a, b);
  r.s7 = v.s0;
  out[i] = r + v.s76543210;
}
