//! kernel builtins
//! global 128
//! arg buffer<half> 512 random(0.0625,4)
//! arg buffer<half> 512 random(-2,2)
//! arg buffer<half> 10240 out
//! tolerance 1e-3

// cl_khr_fp16 builtins on half and half4: math (transcendental through
// float, rounded once to half), common, geometric and exact ones. The
// reference (PoCL, without cl_khr_fp16) calls the float builtin and rounds
// to half; the tolerance (about one half ulp) allows the rare result whose
// float value sits at a half tie and rounds the other way.
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef half H;
typedef half4 H4;
#define LD4(i, p) vload4(i, p)
#define ST(v, i, p) ((p)[i] = (v))
#define ST4(v, i, p) vstore4(v, i, p)
#else
typedef float H;
typedef float4 H4;
#define LD4(i, p) vload_half4(i, p)
#define ST(v, i, p) vstore_half(v, i, p)
#define ST4(v, i, p) vstore_half4(v, i, p)
#endif

kernel void builtins(global half *a, global half *b, global half *out) {
  int i = get_global_id(0);
  H4 x = LD4(i, a), y = LD4(i, b);
  int o = 8 * i;
  ST4(sin(y), o++, out);
  ST4(cos(y), o++, out);
  ST4(exp(y), o++, out);
  ST4(log(x), o++, out);
  ST4(sqrt(x), o++, out);
  ST4(rsqrt(x), o++, out);
  ST4(pow(x, y), o++, out);
  ST4(atan2(y, x), o++, out);
  int p = 1024 + 8 * i;
  ST4(tanh(y), p++, out);
  ST4(hypot(x, y), p++, out);
  ST4(fma(x, y, x), p++, out);
  ST4(mix(x, y, (H)0.25f), p++, out);
  ST4(clamp(y, (H)-0.5f, (H)0.5f), p++, out);
  ST4(fmin(x, y) + floor(y) * fabs(y), p++, out);
  ST4(normalize(y), p++, out);
  ST4(cross(x, y), p++, out);
  int q = 8192 + 8 * i;
  ST(dot(x, y), q, out);
  ST(length(y), q + 1, out);
  ST(distance(x, y), q + 2, out);
  ST(exp2(y.x), q + 3, out);
  ST(log2(x.y), q + 4, out);
  ST(cbrt(y.z), q + 5, out);
  ST(ldexp(x.w, 3), q + 6, out);
  ST(copysign(x.x, y.y), q + 7, out);
  // Builtins with an output argument.
  int r = 9216 + 8 * i;
  H c, fl, ip;
  int quo;
  ST(sincos(y.x, &c), r, out);
  ST(c, r + 1, out);
  ST(remquo(x.y, y.z, &quo), r + 2, out);
  ST((H)quo, r + 3, out);
  ST(fract(y.w, &fl), r + 4, out);
  ST(fl, r + 5, out);
  ST(modf(x.x, &ip), r + 6, out);
  ST(ip, r + 7, out);
}
