// pow, powr, pown, rootn for float in float arithmetic and integer bit
// work, no double (OpenCL C §7.4: ≤ 16 ulp; these stay near 1 ulp).
// Devices without fp64 use them too.
//
// x^y = 2^(y log2|x|). log2|x| = G_h + G_l to about 2^-34 relative:
// x = 2^e (1 + f) as in 14_logf.cl, ln(1 + f) = 2 atanh(s) = 2s +
// (2/3)s³ + s⁵Q(s²) with s = f/(2 + f) = s_h + s_l (s_l from the exact
// residual f - s_h(2 + f)), the (2/3)s³ term as an exact head plus a
// tail, the rest in float (it is below 2^-14); then times log2(e) by
// exact 12-bit products and plus e, each sum kept with its error. t =
// y log2|x| = t_h + t_l with y G_h an exact product (Dekker: 12-bit
// halves, no fma: lavapipe's does not fuse and the lowering marks this
// arithmetic NoContraction; __clgo_mul12_f is in 24_trigf.cl), and
// 2^(t_h + t_l) = 2^k e^((t_h - k + t_l)
// ln2) with the kernels of 13_expf.cl, rounded once also into the
// subnormals. |t| up to 150 multiplies log2|x|'s error by 2^7.2, which
// leaves about 2^-27 in t: < 0.1 ulp.
//
// Edge cases are C99 F.9.4.4's for pow and §7.5.1's for powr, pown and
// rootn; a subnormal x that compares equal to 0 (a flushing device) takes
// the zero path, as §7.5.3 allows.

#define TWO3F_H12 0x1.554p-1f
#define TWO3F_L12 0x1.555556p-13f

// log2(a) = G.x + G.y for finite a > 0.
float2 __clgo_log2hl_f(float a) {
  float2 em = __clgo_logsplit_f(a);
  float f = em.y;
  // s = f/(2 + f) = sh + sl; d + dl = 2 + f exactly; f - ph is exact
  // (Sterbenz: ph is within 2^-22 of f).
  float d = 2.0f + f;
  float dl = f - (d - 2.0f);
  float sh = f / d;
  float2 p = __clgo_mul12_f(sh, d);
  float sl = (((f - p.x) - p.y) - sh * dl) / d;
  // s³ = c.x + c.y; (2/3)s³ = t1h (exact) + t1l.
  float2 z = __clgo_mul12_f(sh, sh);
  float2 c = __clgo_mul12_f(sh, z.x);
  float cy = c.y + (sh * z.y + 3.0f * z.x * sl);
  float chh = __clgo_hi12_f(c.x);
  float t1h = chh * TWO3F_H12;
  float t1l = (c.x - chh) * TWO3F_H12 + (c.x * TWO3F_L12 + cy * 0x1.555556p-1f);
  // s⁵ Q(s²), Q(w) = 2/5 + 2w/7 + ... (Taylor; w <= 0.03, the omitted
  // terms are below 2^-32 relative).
  float w = z.x;
  float q = 0x1.99999ap-2f + w * (0x1.24924ap-2f + w * (0x1.c71c72p-3f + w * (0x1.745d18p-3f + w * (0x1.3b13b2p-3f + w * 0x1.111112p-3f))));
  float t2 = (sh * w) * w * q;
  // ln(1 + f) = lh + ll.
  float h2 = 2.0f * sh;
  float lh = h2 + t1h;
  float ll = (t1h - (lh - h2)) + ((2.0f * sl + t1l) + t2);
  // log2(1 + f) = lhh*LOG2EF_H12 (exact) + the rest; plus e.
  float lhh = __clgo_hi12_f(lh);
  float b = lhh * LOG2EF_H12;
  float rest = (lh - lhh) * LOG2EF_H12 + (lh * LOG2EF_L12 + ll * LOG2EF);
  float g = em.x + b;
  return (float2)(g, (b - (g - em.x)) + rest);
}

// 2^(th + tl) for |tl| <= ulp(th), rounded once; +inf above 2^128, 0
// below 2^-152.
float __clgo_exp2hl_f(float th, float tl) {
  float k = rint(th);
  float f = th - k;
  float fh = __clgo_hi12_f(f);
  float lo = (f - fh) * LN2F_H12 + (f * LN2F_L12 + tl * 0x1.62e43p-1f);
  float v = __clgo_scale_f(__clgo_expk_f(fh * LN2F_H12, lo), (int)k);
  v = th > 128.0f ? INFINITY : v;
  return th < -152.0f ? 0.0f : v;
}

// 2^(th + tl) for th + tl = y log2 a, with th, tl normalized so that th -
// rint(th) + tl stays near [-1/2, 1/2].
float __clgo_pow2hl_f(float th, float tl) {
  float u = th + tl;
  return __clgo_exp2hl_f(u, tl - (u - th));
}

// a^y for finite a > 0 and |y| < 2^32.
float __clgo_powk_f(float a, float y) {
  float2 g = __clgo_log2hl_f(a);
  float2 p = __clgo_mul12_f(y, g.x);
  return __clgo_pow2hl_f(p.x, p.y + y * g.y);
}

bool __clgo_isint_f(float y) { return y == rint(y); }
bool __clgo_isodd_f(float y) { return fabs(y) < 0x1p24f && __clgo_isint_f(y) && ((int)y & 1) != 0; }

float __clgo_pow_f(float x, float y) {
  if (y == 0.0f || x == 1.0f) return 1.0f;
  if (isnan(x) || isnan(y)) return x + y;
  bool odd = __clgo_isodd_f(y);
  if (x == 0.0f) {
    if (y < 0.0f) return odd ? copysign(INFINITY, x) : INFINITY;
    return odd ? copysign(0.0f, x) : 0.0f; // not x: a flushing device compares a subnormal x equal to 0
  }
  float a = fabs(x);
  if (isinf(y)) {
    if (a == 1.0f) return 1.0f;
    return (a < 1.0f) == (y < 0.0f) ? INFINITY : 0.0f;
  }
  if (isinf(x)) {
    float v = y < 0.0f ? 0.0f : INFINITY;
    return x < 0.0f && odd ? -v : v;
  }
  if (x < 0.0f && !__clgo_isint_f(y)) return NAN;
  // |y| >= 2^32 (an even integer) puts |y log2 a| past 150 for any a != 1.
  float v = (a < 1.0f) == (y < 0.0f) ? INFINITY : 0.0f;
  if (a == 1.0f || fabs(y) < 0x1p32f) v = __clgo_powk_f(a, y);
  return x < 0.0f && odd ? -v : v;
}

float __clgo_powr_f(float x, float y) {
  if (isnan(x) || isnan(y) || x < 0.0f) return x + y + (x < 0.0f ? NAN : 0.0f);
  if (x == 0.0f) {
    if (y == 0.0f) return NAN;
    return y < 0.0f ? INFINITY : 0.0f;
  }
  if (isinf(x)) {
    if (y == 0.0f) return NAN;
    return y < 0.0f ? 0.0f : INFINITY;
  }
  if (x == 1.0f) return isinf(y) ? NAN : 1.0f;
  return __clgo_pow_f(x, y);
}

// n as a float rounds for |n| > 2^24: there y log2|x| is (n - n2) log2|x|
// + n2 log2|x| with n2 = n's low 12 bits, both exact floats and both
// products exact (the first is the larger, so the sum's error is exact
// too).
float __clgo_pown_f(float x, int n) {
  if (n == 0) return 1.0f;
  if (isnan(x)) return x;
  bool odd = (n & 1) != 0;
  if (x == 0.0f) {
    if (n < 0) return odd ? copysign(INFINITY, x) : INFINITY;
    return odd ? copysign(0.0f, x) : 0.0f; // as in pow
  }
  float v;
  float a = fabs(x);
  if (isinf(x)) {
    v = n < 0 ? 0.0f : INFINITY;
  } else if (n > -0x1000000 && n < 0x1000000) {
    v = __clgo_powk_f(a, (float)n);
  } else {
    int n2 = n & 0xfff;
    float y1 = (float)(n - n2);
    float y2 = (float)n2;
    float2 g = __clgo_log2hl_f(a);
    float2 p1 = __clgo_mul12_f(y1, g.x);
    float2 p2 = __clgo_mul12_f(y2, g.x);
    float th = p1.x + p2.x;
    v = __clgo_pow2hl_f(th, ((p1.x - th) + p2.x) + ((p1.y + p2.y) + (y1 + y2) * g.y));
  }
  return x < 0.0f && odd ? -v : v;
}

// x^(1/n): log2|x| / n as gh + gl (gh*n exact by Dekker, Sterbenz for
// g.x - p.x). (float)n rounds for |n| > 2^24, where |log2|x| / n| <
// 2^-16.8: that error is below 2^-40.
float __clgo_rootn_f(float x, int n) {
  if (n == 0 || isnan(x)) return NAN;
  bool odd = (n & 1) != 0;
  if (x < 0.0f && !odd) return NAN;
  if (x == 0.0f) {
    if (n < 0) return odd ? copysign(INFINITY, x) : INFINITY;
    return odd ? copysign(0.0f, x) : 0.0f; // as in pow
  }
  if (isinf(x)) return n < 0 ? copysign(0.0f, x) : x;
  float nf = (float)n;
  float2 g = __clgo_log2hl_f(fabs(x));
  float qh = g.x / nf;
  float2 p = __clgo_mul12_f(qh, nf);
  float ql = (((g.x - p.x) - p.y) + g.y) / nf;
  return copysign(__clgo_pow2hl_f(qh, ql), x);
}
