// Float exponentials in float arithmetic and integer bit work, no double
// (OpenCL C §7.4: exp, exp2, exp10, expm1 ≤ 3 ulp; a float port of this
// code checked on every input: exp, exp2, exp10 0.73 ulp for normal
// results, 0.82 for subnormal ones (rounded twice), expm1 0.59). Devices
// without fp64 use them too.
//
// x = k ln2 + r with |r| <= ln2/2 (Cody-Waite: LN2F_HI has 15 bits, so
// k*LN2F_HI is exact for |k| <= 512 and x - k*LN2F_HI is exact by
// Sterbenz), e^r = 1 + r + r²P(r) with P a degree-4 minimax fit (2^-28
// absolute on [-ln2/2, ln2/2]); 1 + hi is summed with its exact error
// (Fast2Sum), so the only rounding of the size of the result is the last
// one. 2^k is built from exponent bits in two factors: the first product
// is exact and the second rounds once, also to a subnormal (or flushes
// it where the device flushes, §7.5.3). No fma: lavapipe's does not
// fuse, and the lowering marks this arithmetic NoContraction. Products
// with 12-bit constants (*_H12) of 12-bit halves (__clgo_hi12_f) are
// exact: that is how exp2 and exp10 turn their reduced argument into a
// natural-log pair without losing bits.

#define LN2F_HI 0x1.62e4p-1f
#define LN2F_LO 0x1.7f7d1cp-20f
#define LN2F_H12 0x1.62ep-1f
#define LN2F_L12 0x1.0bfbe8p-15f
#define LOG2EF 0x1.715476p+0f
#define LN10F 0x1.26bb1cp+1f
#define LN10F_H12 0x1.26ap+1f
#define LN10F_L12 0x1.b1bbb6p-11f
#define LOG2_10F 0x1.a934fp+1f
#define LOG10_2F_HI 0x1.344p-2f
#define LOG10_2F_LO 0x1.3509f8p-18f

// x with the low 12 bits of its significand cleared.
float __clgo_hi12_f(float x) { return as_float(as_uint(x) & 0xfffff000u); }

// 2^k for -126 <= k <= 127, from its exponent bits.
float __clgo_pow2i_f(int k) { return as_float((k + 127) << 23); }

// y 2^k for y near 1 and -154 <= k <= 128.
float __clgo_scale_f(float y, int k) {
  int h = k >> 1;
  return y * __clgo_pow2i_f(h) * __clgo_pow2i_f(k - h);
}

// e^(hi + lo) for |hi + lo| <= ln2/2 (a little over is fine), hi exact.
// 33_powf.cl calls it too: keep its meaning.
float __clgo_expk_f(float hi, float lo) {
  float r = hi + lo;
  float t = (r * r) *
            (0.5f + r * (0x1.55548ep-3f + r * (0x1.55545ep-5f + r * (0x1.123b56p-7f + r * 0x1.6db42ap-10f))));
  float u = 1.0f + hi;
  return u + ((hi - (u - 1.0f)) + (lo + t));
}

// The selects at the end give the edges; NaN needs none (it reaches the
// result through hi).
float __clgo_exp_f(float x) {
  float k = rint(x * LOG2EF);
  float hi = x - k * LN2F_HI;
  float y = __clgo_scale_f(__clgo_expk_f(hi, -(k * LN2F_LO)), (int)k);
  y = x > 0x1.62e42ep+6f ? INFINITY : y;
  return x < -104.0f ? 0.0f : y;
}

// 2^x = 2^k e^(f ln2) with f = x - k exact; f ln2 = fh*LN2F_H12 (exact)
// + the rest.
float __clgo_exp2_f(float x) {
  float k = rint(x);
  float f = x - k;
  float fh = __clgo_hi12_f(f);
  float y = __clgo_scale_f(__clgo_expk_f(fh * LN2F_H12, (f - fh) * LN2F_H12 + f * LN2F_L12), (int)k);
  y = x >= 128.0f ? INFINITY : y;
  return x < -152.0f ? 0.0f : y;
}

// 10^x = 2^k e^((hi - lo) ln10) with x = k log10(2) + hi - lo, hi exact;
// (hi - lo) ln10 = hh*LN10F_H12 (exact) + the rest.
float __clgo_exp10_f(float x) {
  float k = rint(x * LOG2_10F);
  float hi = x - k * LOG10_2F_HI;
  float lo = k * LOG10_2F_LO;
  float hh = __clgo_hi12_f(hi);
  float rl = (hi - hh) * LN10F_H12 + (hi * LN10F_L12 - lo * LN10F);
  float y = __clgo_scale_f(__clgo_expk_f(hh * LN10F_H12, rl), (int)k);
  y = x > 0x1.344134p+5f ? INFINITY : y;
  return x < -46.0f ? 0.0f : y;
}

// e^x - 1 = 2^k e^r - 1 with r = hi + lo as in exp. e^r - 1 = hi + h2 +
// tl, where h2 = hi12(hi)²/2 is exact and tl is small (Q: a degree-4
// minimax fit of (e^r - 1 - r - r²/2)/r³, 2^-33). Then 2^k e^r - 1 =
// 2^(max(k,0)-1) (C + q(hi + h2 + tl)) with q = 2^(min(k,0)+1) and C =
// ±(2 - 2^(1-|k|)) + cerr exactly; the three largest terms are summed
// with their errors, so that the cancellation at k = 1, r < 0 (e^x - 1
// near 0.4) does not lift the rounding errors of e^r.
float __clgo_expm1_f(float x) {
  float k = rint(x * LOG2EF);
  float hi = x - k * LN2F_HI;
  float lo = -(k * LN2F_LO);
  float r = hi + lo;
  float hh = __clgo_hi12_f(hi);
  float h2 = 0.5f * hh * hh;
  float q3 = 0x1.555556p-3f + r * (0x1.5554e6p-5f + r * (0x1.111094p-7f + r * (0x1.6d4eeap-10f + r * 0x1.a19c2ap-13f)));
  float tl = lo + ((0.5f * (hi - hh) * (hi + hh) + 0.5f * (hi + r) * lo) + ((r * r) * r) * q3);
  int ki = (int)k;
  bool pos = ki > 0;
  float p = as_float((128 - (pos ? ki : -ki)) << 23);
  float X = pos ? 2.0f : -2.0f;
  float Y = pos ? -p : p;
  float c = X + Y;
  float q = __clgo_pow2i_f(min(ki, 0) + 1);
  float a = q * hi;
  float b = q * h2;
  float w = a + b;
  float u = c + w;
  float lows = ((w - (u - c)) + (b - (w - a))) + (Y - (c - X));
  float v = (u + (lows + q * tl)) * __clgo_pow2i_f(max(ki, 0) - 1);
  v = x > 0x1.62e42ep+6f ? INFINITY : v;
  v = x < -18.0f ? -1.0f : v;
  return fabs(x) < 0x1p-24f ? x : v;
}
