//! kernel as_vector_sizes
//! global 64
//! arg buffer<uint> 64 random
//! arg buffer<uchar4> 64 out
//! arg buffer<ushort2> 64 out
//! arg buffer<uint2> 64 out

// as_T between types of the same size but different shapes: uint <-> uchar4 <-> ushort2, ulong <-> uint2.
kernel void as_vector_sizes(global const uint *a, global uchar4 *o1, global ushort2 *o2, global uint2 *o3) {
  int g = get_global_id(0);
  uint u = a[g];
  o1[g] = as_uchar4(u).wzyx;
  o2[g] = as_ushort2(as_uint(as_uchar4(u)) + 1u);
  ulong l = ((ulong)u << 32) | (ulong)g;
  o3[g] = as_uint2(l) + as_uint2(as_float2((uint2)(u, 1u)));
}
