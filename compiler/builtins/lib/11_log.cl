// Logarithms (OpenCL C §7.4: log, log2, log10 ≤ 3 ulp; log1p ≤ 2 ulp)
// for double; float has its own, in float (14_logf.cl).
// x = 2^e m with m in [sqrt(1/2), sqrt(2)); with f = m - 1 and
// s = f/(2+f), log(m) = 2 atanh(s) = f - (f²/2 - s(f²/2 + R(s²))), where
// R is the atanh series from s³ (to s^25; the leading f is exact).

// (e, log m) for finite x > 0.
double2 __clgo_logparts_d(double x) {
  int e = ilogb(x);
  double m = ldexp(x, -e);
  if (m > CLGO_SQRT2) {
    m *= 0.5;
    e += 1;
  }
  double f = m - 1.0;
  double s = f / (2.0 + f);
  double z = s * s;
  double p = TWO_OVER_25;
  p = p * z + TWO_OVER_23;
  p = p * z + TWO_OVER_21;
  p = p * z + TWO_OVER_19;
  p = p * z + TWO_OVER_17;
  p = p * z + TWO_OVER_15;
  p = p * z + TWO_OVER_13;
  p = p * z + TWO_OVER_11;
  p = p * z + TWO_OVER_9;
  p = p * z + TWO_OVER_7;
  p = p * z + TWO_OVER_5;
  p = p * z + TWO_OVER_3;
  double r = z * p;
  double hfsq = 0.5 * f * f;
  return (double2)((double)e, f - (hfsq - s * (hfsq + r)));
}

// The special cases of every logarithm: NaN below 0, -inf at 0.
#define LOG_SPECIAL(x)                  \
  if (isnan(x)) return x;               \
  if (x < 0.0) return NAN;              \
  if (x == 0.0) return -INFINITY;       \
  if (isinf(x)) return x;

double __clgo_log_d(double x) {
  LOG_SPECIAL(x)
  double2 p = __clgo_logparts_d(x);
  return p.x * LN2_HI + (p.y + p.x * LN2_LO);
}

double __clgo_log2_d(double x) {
  LOG_SPECIAL(x)
  double2 p = __clgo_logparts_d(x);
  return p.x + (p.y * LOG2_E_HI + p.y * LOG2_E_LO);
}

double __clgo_log10_d(double x) {
  LOG_SPECIAL(x)
  double2 p = __clgo_logparts_d(x);
  return p.x * LOG10_2_HI + (p.y * LOG10_E + p.x * LOG10_2_LO);
}

// log1p: log(u) for u = 1 + x, corrected by (x - (u - 1))/u, the part of
// x that u lost.
double __clgo_log1p_d(double x) {
  if (isnan(x)) return x;
  if (x < -1.0) return NAN;
  if (x == -1.0) return -INFINITY;
  if (isinf(x)) return x;
  if (fabs(x) < 0x1p-54) return x;
  double u = 1.0 + x;
  double c = (x - (u - 1.0)) / u;
  double2 p = __clgo_logparts_d(u);
  return p.x * LN2_HI + ((p.y + c) + p.x * LN2_LO);
}
