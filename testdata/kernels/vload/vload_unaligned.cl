//! kernel vload_unaligned
//! global 64
//! arg buffer<int> 512 iota
//! arg buffer<int> 320 out

// vload4/vstore4 at element offsets that are not multiples of 4 (via the pointer).
kernel void vload_unaligned(global const int *in, global int *out) {
  int g = get_global_id(0);
  int4 v = vload4(0, in + 5 * g + 1);
  vstore4(v.wxyz, 0, out + 5 * g + 1);
  out[5 * g] = -g;
}
