//! kernel vload_groups
//! global 1024
//! local 64
//! arg buffer<float> 8192 random
//! arg buffer<int> 8192 random(-1000,1000)
//! arg buffer<float> 4096 out
//! arg int 3
//! tolerance 1e-5

// Four loads of consecutive words that make one vector: the host driver
// reads them together when their addresses line up (vload4, element by
// element, through a uniform stride, with overlapping lanes), and one at a
// time when they do not (out of order, a gap, a store between them, a
// bounds-dependent tail).
kernel void vload_groups(global const float *a, global const int *b,
                         global float *out, int k) {
  int i = get_global_id(0);
  float4 x = vload4(i, a);
  float4 y = vload4(0, a + i * 3 + 1);
  float4 z = (float4)(a[i], a[i + 1], a[i + 2], a[i + 3]);
  float4 w = (float4)(a[i], a[i + 2], a[i + 1], a[i + 3]);
  float4 g = (float4)(a[2 * i], a[2 * i + 1], a[2 * i + 3], a[2 * i + 4]);
  int4 q = vload4(i, b);
  float4 u = (float4)(a[k * i], a[k * i + 1], a[k * i + 2], a[k * i + 3]);
  float8 v = vload8(i >> 1, a + 7);
  float4 t = i < 1000 ? vload4(i, a + 4000) : (float4)(0.0f);
  float4 r = x + y * 2.0f + z * 3.0f + w * 5.0f + g * 7.0f +
             convert_float4(q) + u + v.lo - v.hi + t;
  vstore4(r, i, out);
}
