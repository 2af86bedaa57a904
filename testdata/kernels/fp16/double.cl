//! kernel halfdouble
//! global 256
//! arg buffer<double> 256 random(-70000,70000)
//! arg buffer<half> 1024 random(-4,4)
//! arg buffer<half> 1024 out
//! arg buffer<double> 512 out
//! tolerance 1e-3

// Halves with doubles: convert_half(double) rounds once (not through
// float), double to half near half ties and beyond half's range, half to
// double, and dot() of half vectors (summed in double by the host
// driver, rounded once). The reference (PoCL, without cl_khr_fp16) uses
// vstore_half(double) and float dot; the tolerance covers a dot whose
// float sum rounds the other way.
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define ST(v, i, p) ((p)[i] = convert_half(v))
#define LD(i, p) ((double)(p)[i])
#define DOT4(i, p) dot(vload4(i, p), vload4((i) + 128, p))
#else
#define ST(v, i, p) vstore_half((double)(v), i, p)
#define LD(i, p) ((double)vload_half(i, p))
#define DOT4(i, p) dot(vload_half4(i, p), vload_half4((i) + 128, p))
#endif

kernel void halfdouble(global double *a, global half *h, global half *out, global double *dout) {
  int i = get_global_id(0);
  double x = a[i];
  ST(x, 4 * i, out);
  ST(x * 1e-3, 4 * i + 1, out);
  // Just above a half tie: a rounding through float would drop the
  // offset and round to even.
  double t = LD(i, h) * (1.0 + 0x1p-11 + 0x1p-40);
  ST(t, 4 * i + 2, out);
#ifdef cl_khr_fp16
  out[4 * i + 3] = DOT4(i & 127, h);
#else
  vstore_half(DOT4(i & 127, h), 4 * i + 3, out);
#endif
  dout[2 * i] = LD(i, h) + LD(i + 1 & 1023, h);
  dout[2 * i + 1] = x * LD(i, h);
}
