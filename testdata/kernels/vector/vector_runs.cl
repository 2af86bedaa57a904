//! kernel vector_runs
//! global 256
//! local 64
//! arg buffer<float4> 256 random(-2,2)
//! arg buffer<int8> 256 random(-1000,1000)
//! arg buffer<float> 2048 random(-1,1)
//! arg buffer<float4> 512 out
//! arg buffer<int8> 256 out
//! arg buffer<float> 2048 out
//! tolerance 1e-6

// Vector-typed loads and stores whose components native code moves as
// one access (a run of component loads or stores, transposed in
// registers): float4 and int8 elements, float4 members of a struct,
// vload8/vstore8 of a float array, vload4 in a loop, a float4 tile in
// local memory, and a store under a condition (a partial mask).
typedef struct {
  float4 p;
  float4 v;
} pair;

kernel void vector_runs(global const float4 *a, global const int8 *b,
                        global const float *c, global float4 *out,
                        global int8 *iout, global float *fout) {
  local float4 tile[64];
  int i = get_global_id(0), l = get_local_id(0);
  float4 x = a[i];
  int8 y = b[i];
  tile[l] = x.wzyx;
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 t = tile[l] + tile[63 - l];
  global pair *pp = (global pair *)out;
  pair q = {x * 2.0f, t};
  pp[i] = q;
  if (y.s0 & 1)
    iout[i] = y.s76543210 + (int8)(i);
  else
    iout[i] = y ^ (y >> 2);
  float8 z = vload8(i, c);
  float acc = 0.0f;
  for (int j = 0; j < 2; j++) {
    float4 w = vload4(2 * i + j, c);
    acc += w.x * w.y - w.z * w.w;
  }
  vstore8(z.s01234567 * acc + z.s76543210, i, fout);
}
