//! kernel args_by_value
//! global 1024
//! local 64
//! arg buffer<int> 1024 out
//! arg buffer<float> 1024 out
//! arg char -5
//! arg short 300
//! arg uint 2654435769
//! arg long -123456789012
//! arg float 0.75
//! arg int4 (3,-4,5,6)

// Arguments by value of several sizes, the uniform arithmetic over them,
// and a __constant table read at constant and varying indices, across
// several work-groups. The host driver passes arguments by value in a
// block it makes for the dispatch; its native code loads them once per
// work-group (driver/host/argconst.go, jit/argconst.go).
constant int table[8] = {11, -3, 7, 19, -23, 2, 5, 13};

kernel void args_by_value(global int *out, global float *fout, char c, short s,
                          uint u, long l, float f, int4 v) {
  int i = get_global_id(0);
  int sh = (u >> 28) & 7;
  int k = c * s + table[3] + table[v.x & 7];
  long m = (l >> sh) ^ (long)u;
  int r = k + (int)(m & 0xffff) + i * v.y;
  if ((i >> sh) & 1)
    r += v.z * table[i & 7] - v.w;
  out[i] = r;
  fout[i] = f * (float)(i - 512) + (float)c * 0.5f;
}
