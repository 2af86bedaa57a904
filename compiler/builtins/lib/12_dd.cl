// Double-double arithmetic: a value is hi + lo in a double2 (.x = hi,
// .y = lo, |lo| <= ulp(hi)/2), good to about 2^-104 relative. The
// error-free steps are Knuth's two-sum and Dekker's product with
// Veltkamp's splitting, not fma: Vulkan drivers may not fuse GLSL Fma
// (lavapipe does not). They rely on every operation being rounded once,
// as written: the lowering marks the library's arithmetic NoContraction.
// Used by pow, powr, pown, rootn and tgamma for double; the names are
// stable, other library files may call them.

// a + b exactly, for any a, b.
double2 __clgo_dd_two_sum(double a, double b) {
  double s = a + b;
  double bb = s - a;
  double e = (a - (s - bb)) + (b - bb);
  return (double2)(s, e);
}

// a + b exactly where |a| >= |b| (or a == 0).
double2 __clgo_dd_fast_two_sum(double a, double b) {
  double s = a + b;
  return (double2)(s, b - (s - a));
}

// a as hi + lo with 26 significant bits each (Veltkamp; |a| < 2^995).
double2 __clgo_dd_split(double a) {
  double c = 134217729.0 * a; // 2^27 + 1
  double hi = c - (c - a);
  return (double2)(hi, a - hi);
}

// a * b exactly (Dekker), unless the product underflows; |a|, |b| < 2^995.
double2 __clgo_dd_two_prod(double a, double b) {
  double p = a * b;
  double2 as = __clgo_dd_split(a);
  double2 bs = __clgo_dd_split(b);
  double e = ((as.x * bs.x - p) + as.x * bs.y + as.y * bs.x) + as.y * bs.y;
  return (double2)(p, e);
}

double2 __clgo_dd_add(double2 a, double2 b) {
  double2 s = __clgo_dd_two_sum(a.x, b.x);
  double2 t = __clgo_dd_two_sum(a.y, b.y);
  s = __clgo_dd_fast_two_sum(s.x, s.y + t.x);
  return __clgo_dd_fast_two_sum(s.x, s.y + t.y);
}

double2 __clgo_dd_add_d(double2 a, double b) {
  double2 s = __clgo_dd_two_sum(a.x, b);
  return __clgo_dd_fast_two_sum(s.x, s.y + a.y);
}

double2 __clgo_dd_neg(double2 a) { return (double2)(-a.x, -a.y); }

double2 __clgo_dd_mul(double2 a, double2 b) {
  double2 p = __clgo_dd_two_prod(a.x, b.x);
  return __clgo_dd_fast_two_sum(p.x, p.y + (a.x * b.y + a.y * b.x));
}

double2 __clgo_dd_mul_d(double2 a, double b) {
  double2 p = __clgo_dd_two_prod(a.x, b);
  return __clgo_dd_fast_two_sum(p.x, p.y + a.y * b);
}

// a / b: the quotient of the leading parts, corrected by the exact
// remainder.
double2 __clgo_dd_div(double2 a, double2 b) {
  double q = a.x / b.x;
  double2 p = __clgo_dd_two_prod(q, b.x);
  double r = (((a.x - p.x) - p.y) + a.y) - q * b.y;
  return __clgo_dd_fast_two_sum(q, r / b.x);
}

double2 __clgo_dd_div_d(double2 a, double b) {
  double q = a.x / b;
  double2 p = __clgo_dd_two_prod(q, b);
  double r = ((a.x - p.x) - p.y) + a.y;
  return __clgo_dd_fast_two_sum(q, r / b);
}

// ln x for finite x > 0, to about 2^-72 relative. x = 2^e m with m in
// [√½, √2), s = (m-1)/(m+1) as a double-double (|s| <= 0.1716), and
// ln m = 2 atanh(s) = 2s (1 + z/3 + z²/5 + ...) with z = s²: the terms
// from z⁴/9 on in double (they are below 2^-20 of the sum), the first
// ones with double-double coefficients, to z^15/31 (the rest is below
// 2^-80).
double2 __clgo_dd_log(double x) {
  int e = ilogb(x);
  double m = ldexp(x, -e);
  if (m > CLGO_SQRT2) {
    m *= 0.5;
    e += 1;
  }
  double f = m - 1.0; // exact
  double2 d = __clgo_dd_two_sum(m, 1.0);
  double sh = f / d.x;
  double2 p = __clgo_dd_two_prod(sh, d.x);
  double2 s = __clgo_dd_fast_two_sum(sh, (((f - p.x) - p.y) - sh * d.y) / d.x);
  double2 z = __clgo_dd_mul(s, s);
  double v = 0x1.0842108421084p-5; // 1/31
  v = v * z.x + 0x1.1a7b9611a7b96p-5; // 1/29
  v = v * z.x + 0x1.2f684bda12f68p-5; // 1/27
  v = v * z.x + 0x1.47ae147ae147bp-5; // 1/25
  v = v * z.x + 0x1.642c8590b2164p-5; // 1/23
  v = v * z.x + 0x1.8618618618618p-5; // 1/21
  v = v * z.x + 0x1.af286bca1af28p-5; // 1/19
  v = v * z.x + 0x1.e1e1e1e1e1e1ep-5; // 1/17
  v = v * z.x + 0x1.1111111111111p-4; // 1/15
  v = v * z.x + 0x1.3b13b13b13b14p-4; // 1/13
  v = v * z.x + 0x1.745d1745d1746p-4; // 1/11
  v = v * z.x + 0x1.c71c71c71c71cp-4; // 1/9
  double2 a = __clgo_dd_add(__clgo_dd_mul_d(z, v), (double2)(0x1.2492492492492p-3, 0x1.2492492492492p-57));
  a = __clgo_dd_add(__clgo_dd_mul(z, a), (double2)(0x1.999999999999ap-3, -0x1.999999999999ap-57));
  a = __clgo_dd_add(__clgo_dd_mul(z, a), (double2)(0x1.5555555555555p-2, 0x1.5555555555555p-56));
  a = __clgo_dd_mul(z, a);
  double2 lm = __clgo_dd_add(s, __clgo_dd_mul(s, a));
  lm = (double2)(2.0 * lm.x, 2.0 * lm.y);
  double2 le = __clgo_dd_mul_d((double2)(CLGO_LN2, 0x1.abc9e3b39803fp-56), (double)e);
  return __clgo_dd_add(le, lm);
}

// e^(a.x + a.y) as a double-double m with a scale 2^k: returns
// (m.x, m.y, k). For |a.x| <= 750. a = k ln 2 + r (Cody-Waite, k LN2_HI
// exact, ln 2 - LN2_HI - LN2_LO below 2^-102: r's error is below 2^-84),
// e^r = 1 + r + r²/2 +
// r³ P(r) with P's Taylor series to r^16 (remainder below 2^-74), r and
// r²/2 carried as double-doubles.
double3 __clgo_dd_expk(double2 a) {
  double k = rint(a.x * LOG2_E);
  double r1 = a.x - k * LN2_HI; // exact
  double2 r = __clgo_dd_two_sum(r1, a.y - k * LN2_LO);
  double rh = r.x;
  double p = INV_FACT_16;
  p = p * rh + INV_FACT_15;
  p = p * rh + INV_FACT_14;
  p = p * rh + INV_FACT_13;
  p = p * rh + INV_FACT_12;
  p = p * rh + INV_FACT_11;
  p = p * rh + INV_FACT_10;
  p = p * rh + INV_FACT_9;
  p = p * rh + INV_FACT_8;
  p = p * rh + INV_FACT_7;
  p = p * rh + INV_FACT_6;
  p = p * rh + INV_FACT_5;
  p = p * rh + INV_FACT_4;
  p = p * rh + INV_FACT_3;
  double2 sq = __clgo_dd_two_prod(rh, rh);
  double2 em = __clgo_dd_two_sum(rh, 0.5 * sq.x);
  em = __clgo_dd_add_d(em, 0.5 * sq.y + (rh * sq.x) * p);
  double2 m = __clgo_dd_add_d(em, 1.0);
  // e^(rh + rl) = e^rh (1 + rl), rl below 2^-54.
  m = __clgo_dd_fast_two_sum(m.x, m.y + m.x * r.y);
  return (double3)(m.x, m.y, k);
}

// e^a as a double-double, for results in the normal range
// (|a.x| < 708).
double2 __clgo_dd_exp(double2 a) {
  double3 m = __clgo_dd_expk(a);
  int k = (int)m.z;
  return (double2)(ldexp(m.x, k), ldexp(m.y, k));
}

// (a.x + a.y) 2^k rounded once, also where it is subnormal: ldexp rounds
// a.x to the subnormal grid (spacing g = 2^(-1074-k) in a's units), then
// the rest, (a.x - that) + a.y, moves the result by one step where it
// is more than g/2 (a.x alone may have been rounded the other way). For
// normal a (a.x - ldexp(s, -k) is exact: a multiple of ulp(a.x) no larger
// than g/2, or a.x less than g).
double __clgo_dd_ldexp(double2 a, int k) {
  double s = ldexp(a.x, k);
  if (fabs(s) < 0x1p-1022) {
    double g = ldexp(1.0, -1074 - k);
    double rem = (a.x - ldexp(s, -k)) + a.y;
    if (rem > 0.5 * g) s += 0x1p-1074;
    if (rem < -0.5 * g) s -= 0x1p-1074;
  }
  return s;
}

// e^a rounded to double: +inf past the largest double, gradual underflow
// below the smallest normal one, 0 below half the smallest subnormal.
double __clgo_dd_exp_d(double2 a) {
  if (isnan(a.x)) return a.x;
  if (a.x > 710.0) return INFINITY;
  if (a.x < -746.0) return 0.0;
  double3 m = __clgo_dd_expk(a);
  return __clgo_dd_ldexp((double2)(m.x, m.y), (int)m.z);
}
