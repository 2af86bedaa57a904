//! kernel pun_views
//! global 64
//! arg buffer<int> 256 random(0,1000)
//! arg buffer<long> 64 out
//! arg buffer<int> 256 out
//! arg buffer<int> 4 zero

// Type punning through pointers: an int buffer read as long, written
// through uchar, float4 and struct views, and a 64-bit atomic on a
// counter that is otherwise accessed as ints. Work-item g owns ints
// [4g, 4g+4) of buf and fb.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

typedef struct {
  int id;
  short lo, hi;
  float w;
  uchar tag[4];
} record;

kernel void pun_views(global int *buf, global long *out, global int *fb, global int *cnt) {
  int g = get_global_id(0);
  global long *l = (global long *)buf;
  out[g] = l[2 * g] + 3 * l[2 * g + 1];
  global uchar *c = (global uchar *)buf;
  c[16 * g + 1] = c[16 * g] ^ 0x5a;
  global float4 *f = (global float4 *)fb;
  // Exact values only: the int view compares bits (a division may be
  // 2.5 ulp off on a GPU, as on NVIDIA).
  f[g] = (float4)(g, g + 0.5f, -g, (g + 1) * 0.125f);
  fb[4 * g + 1] ^= 1;
  global record *r = (global record *)fb;
  if (g & 1) {
    r[g].hi = (short)(r[g].lo + g);
    r[g].tag[2] = (uchar)g;
  }
  atom_add((global long *)cnt, (long)g << 27);
  atomic_inc(&cnt[2]);
  global long *wide = (global long *)(cnt + 2);
  if (g == 63)
    atom_max(wide, 0);
}
