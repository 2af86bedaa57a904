//! kernel bitcast
//! global 256
//! arg buffer<uint> 256 random
//! arg buffer<ulong> 256 random
//! arg buffer<uint> 1024 out
//! arg buffer<ulong> 512 out

// Bitcasts between half vectors and 32- and 64-bit scalars (as_half2,
// as_uint, as_half4, as_ulong, as_float, as_short2): bits move unchanged,
// little-endian, component 0 in the low bits, NaN patterns included (the
// inputs are random bits). The reference (PoCL, without cl_khr_fp16) does
// the same with ushort vectors.
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef half2 H2;
typedef half4 H4;
#define AS_H2(x) as_half2(x)
#define AS_H4(x) as_half4(x)
#else
typedef ushort2 H2;
typedef ushort4 H4;
#define AS_H2(x) as_ushort2(x)
#define AS_H4(x) as_ushort4(x)
#endif

kernel void bitcast(global uint *a, global ulong *b, global uint *o, global ulong *o64) {
  int i = get_global_id(0);
  H2 h = AS_H2(a[i]);
  H4 q = AS_H4(b[i]);
  o[4 * i] = as_uint(h.yx);
  o[4 * i + 1] = as_uint((H2)(q.w, q.x));
  o[4 * i + 2] = as_uint((H2)(q.y, h.x)) ^ as_uint(as_float(h));
  short2 s = as_short2(h);
  o[4 * i + 3] = (uint)(s.x + s.y * 3);
  o64[2 * i] = as_ulong(q.zwxy);
  o64[2 * i + 1] = as_ulong((H4)(h, q.xy)) ^ (ulong)as_uint(h);
}
