//! kernel vector_memorder
//! global 1000
//! local 40
//! arg buffer<float4> 1000 random(-2,2)
//! arg buffer<float2> 1000 random(-2,2)
//! arg buffer<int8> 1000 random(-1000,1000)
//! arg buffer<float4> 1000 out
//! arg buffer<float2> 1000 out
//! arg buffer<int8> 1000 out
//! arg buffer<float> 3000 random(-2,2)
//! arg buffer<float> 3000 out
//! arg float 1.5
//! tolerance 1e-6

// Vector loads and stores joined by element-wise code applied alike to
// every component: native code keeps them in memory order (no transposes;
// jit/vecmem.go). float4, float2 and int8 arrays, vload3/vstore3, a local
// float4 tile read at another lane's element, a vector both stored and
// used, a store under a condition (its one-by-one path), and groups of 40
// (a partial last chunk).
kernel void vector_memorder(global const float4 *a, global const float2 *b,
                            global const int8 *c, global float4 *out,
                            global float2 *out2, global int8 *iout,
                            global const float *f, global float *fout,
                            float s) {
  local float4 tile[40];
  int i = get_global_id(0), l = get_local_id(0);
  float4 x = a[i] * s + 1.0f;
  tile[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[(l + 1) % 40] - x;
  float2 y = fabs(b[i]) * 2.0f - s;
  if ((i * 7) & 4)
    out2[i] = y;
  int8 z = c[i];
  iout[i] = (z << 2) ^ (z >> 1);
  vstore3(vload3(i, f) * 0.5f, i, fout);
}
