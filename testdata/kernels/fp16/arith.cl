//! kernel arith
//! global 256
//! arg buffer<half> 256 random(-4,4)
//! arg buffer<half> 256 random(0.25,8)
//! arg buffer<half> 2304 out
//! arg buffer<int> 1024 out

// cl_khr_fp16 arithmetic: + - * / on half scalars and half4 vectors, each
// result rounded to half (§6.3: half operations are done in half
// precision), half literals, comparisons (int for scalars, short for
// vectors) and conversions to and from float and int. The reference
// (PoCL, without cl_khr_fp16) computes in float and rounds to half after
// every operation through vstore_half/vload_half: round-to-float then
// round-to-half of one + - * / is the correctly rounded half result.
// No expression here may be contracted (a*b+c may become an fma).
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef half H;
typedef half4 H4;
#define R(x) (x)
#define LD(i, p) ((p)[i])
#define ST(v, i, p) ((p)[i] = (v))
#define LD4(i, p) vload4(i, p)
#define ST4(v, i, p) vstore4(v, i, p)
#define K(c) c##h
#else
typedef float H;
typedef float4 H4;
float R(float x) {
  uint t;
  vstore_half(x, 0, (half *)&t);
  return vload_half(0, (half *)&t);
}
float4 R4(float4 x) { return (float4)(R(x.x), R(x.y), R(x.z), R(x.w)); }
#define LD(i, p) vload_half(i, p)
#define ST(v, i, p) vstore_half(v, i, p)
#define LD4(i, p) vload_half4(i, p)
#define ST4(v, i, p) vstore_half4(v, i, p)
#define K(c) c##f
#endif

kernel void arith(global half *a, global half *b, global half *out, global int *cmp) {
  int i = get_global_id(0);
  H x = LD(i, a), y = LD(i, b);
  ST(R(x + y), 8 * i + 0, out);
  ST(R(x - y), 8 * i + 1, out);
  ST(R(x * y), 8 * i + 2, out);
  ST(R(x / y), 8 * i + 3, out);
  ST(R(R(x + K(1.5)) * K(0.125)), 8 * i + 4, out);
  ST(R(-x), 8 * i + 5, out);
  H acc = K(0.0);
  for (int k = 0; k < 8; k++)
    acc = R(acc + R(x + (H)k));
  ST(acc, 8 * i + 6, out);
  ST((H)(i - 128), 8 * i + 7, out);
  cmp[4 * i + 0] = x < y;
  cmp[4 * i + 1] = (x >= K(0.0)) + 2 * (x == y) + 4 * (x != x);
  cmp[4 * i + 2] = (int)(R(x * K(100.0)));
  cmp[4 * i + 3] = convert_int_rte(R(x * y));
  if (i < 64) {
#ifdef cl_khr_fp16
    H4 u = vload4(i, a), w = vload4(i, b);
    H4 s = (u + w) / w;
    short4 c = u < w;
#else
    H4 u = vload_half4(i, a), w = vload_half4(i, b);
    H4 s = R4(R4(u + w) / w);
    int4 c = u < w;
#endif
    ST4(s, 512 + i, out);
    cmp[4 * i + 0] += 16 * (c.x & 1) + 32 * (c.y & 1) + 64 * (c.z & 1) + 128 * (c.w & 1);
  }
}
