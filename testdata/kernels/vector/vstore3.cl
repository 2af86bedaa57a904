//! kernel vstore3_k
//! global 64
//! arg buffer<int> 192 iota
//! arg buffer<int> 192 out

// vload3/vstore3 work on packed triples (12 bytes), unlike int3 buffers.
kernel void vstore3_k(global const int *in, global int *out) {
  int i = get_global_id(0);
  int3 v = vload3(i, in);
  vstore3(v.zxy * 2 + 1, i, out);
}
