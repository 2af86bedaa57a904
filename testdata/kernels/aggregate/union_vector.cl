//! kernel union_vector
//! global 64
//! arg buffer<uint4> 64 random
//! arg buffer<ushort8> 64 out
//! arg buffer<uint> 64 out

// A union of vector views: uint4 written, ushort8 and scalar array read.
typedef union { uint4 v; ushort8 s; uint a[4]; } view;

kernel void union_vector(global const uint4 *in, global ushort8 *out, global uint *o2) {
  int i = get_global_id(0);
  view u;
  u.v = in[i];
  out[i] = u.s.s76543210;
  u.a[i & 3] = 0;
  o2[i] = u.v.x + u.v.y + u.v.z + u.v.w;
}
