// sin, cos, tan, sincos (OpenCL C §7.4: sin, cos ≤ 4 ulp, tan ≤ 5 ulp)
// and sinpi, cospi, tanpi (≤ 4, 4, 6 ulp; edge cases §7.5.1).
//
// Reduction x = k π/2 + r, |r| <= π/4: Cody-Waite with π/2 in three parts
// (the first two of 33 bits, so k*PIO2_1 and k*PIO2_2 are exact for
// |k| < 2^20) below 2^20; above, for arguments of at most 24 significant
// bits (every float), Payne-Hanek: x * (2/π) mod 4 from 28-bit chunks of
// 2/π, each product exact in double, summed with two-sums.
// sin and cos of r by their Taylor series (to r^17 and r^18: the
// remainder is below 2^-56 relative on |r| <= π/4).

double __clgo_sink_d(double r) {
  double z = r * r;
  double p = -INV_FACT_17;
  p = p * z + INV_FACT_15;
  p = p * z - INV_FACT_13;
  p = p * z + INV_FACT_11;
  p = p * z - INV_FACT_9;
  p = p * z + INV_FACT_7;
  p = p * z - INV_FACT_5;
  p = p * z + INV_FACT_3;
  return r - (r * z) * p;
}

double __clgo_cosk_d(double r) {
  double z = r * r;
  double p = INV_FACT_18;
  p = p * z - INV_FACT_16;
  p = p * z + INV_FACT_14;
  p = p * z - INV_FACT_12;
  p = p * z + INV_FACT_10;
  p = p * z - INV_FACT_8;
  p = p * z + INV_FACT_6;
  p = p * z - INV_FACT_4;
  double hz = 0.5 * z;
  return 1.0 - (hz + (z * z) * p);
}

// x mod 4 for x >= 0 whose fractional bits fit (exact).
double __clgo_mod4_d(double t) { return t - 4.0 * floor(t * 0.25); }

// Payne-Hanek for |x| >= 2^20 with x of at most 24 significant bits:
// (r, k) with x = k π/2 + r.
double2 __clgo_rem_pio2_big_d(double x) {
  double ax = fabs(x);
  double s = 0.0;
  double err = 0.0;
#define CLGO_PH_STEP(C)                          \
  {                                              \
    double t = __clgo_mod4_d(ax * C);            \
    double sum = s + t;                          \
    double bb = sum - s;                         \
    err += (s - (sum - bb)) + (t - bb);          \
    s = __clgo_mod4_d(sum);                      \
  }
  CLGO_PH_STEP(TWO_OVER_PI_0)
  CLGO_PH_STEP(TWO_OVER_PI_1)
  CLGO_PH_STEP(TWO_OVER_PI_2)
  CLGO_PH_STEP(TWO_OVER_PI_3)
  CLGO_PH_STEP(TWO_OVER_PI_4)
  CLGO_PH_STEP(TWO_OVER_PI_5)
  CLGO_PH_STEP(TWO_OVER_PI_6)
  CLGO_PH_STEP(TWO_OVER_PI_7)
#undef CLGO_PH_STEP
  double n = rint(s);
  double f = (s - n) + err;
  double r = f * CLGO_PIO2;
  if (x < 0.0) {
    r = -r;
    n = -n;
  }
  return (double2)(r, n);
}

double2 __clgo_rem_pio2_d(double x) {
  double k = rint(x * CLGO_2_PI);
  double r = ((x - k * PIO2_1) - k * PIO2_2) - k * PIO2_3;
  return (double2)(r, k);
}

double2 __clgo_reduce_d(double x) {
  if (fabs(x) < 0x1p20) return __clgo_rem_pio2_d(x);
  return __clgo_rem_pio2_big_d(x);
}

// sin of k π/2 + r.
double __clgo_sinq_d(double r, int k) {
  int q = k & 3;
  double v = (q & 1) != 0 ? __clgo_cosk_d(r) : __clgo_sink_d(r);
  return q >= 2 ? -v : v;
}

double __clgo_cosq_d(double r, int k) { return __clgo_sinq_d(r, k + 1); }

double __clgo_tanq_d(double r, int k) {
  double s = __clgo_sink_d(r);
  double c = __clgo_cosk_d(r);
  return (k & 1) != 0 ? -c / s : s / c;
}

double __clgo_sin_d(double x) {
  if (isinf(x) || isnan(x)) return x - x;
  if (fabs(x) < 0x1p-27) return x;
  double2 rk = __clgo_reduce_d(x);
  return __clgo_sinq_d(rk.x, (int)rk.y);
}

double __clgo_cos_d(double x) {
  if (isinf(x) || isnan(x)) return x - x;
  double2 rk = __clgo_reduce_d(x);
  return __clgo_cosq_d(rk.x, (int)rk.y);
}

double __clgo_tan_d(double x) {
  if (isinf(x) || isnan(x)) return x - x;
  if (fabs(x) < 0x1p-27) return x;
  double2 rk = __clgo_reduce_d(x);
  return __clgo_tanq_d(rk.x, (int)rk.y);
}

float __clgo_sin_f(float x) { return (float)__clgo_sin_d((double)x); }
float __clgo_cos_f(float x) { return (float)__clgo_cos_d((double)x); }
float __clgo_tan_f(float x) { return (float)__clgo_tan_d((double)x); }

// sin(π a) for |a| <= 1/2 by the nearer of the kernels.
double __clgo_sinpik_d(double a) {
  double aa = fabs(a);
  double v = aa <= 0.25 ? __clgo_sink_d(CLGO_PI * aa) : __clgo_cosk_d(CLGO_PI * (0.5 - aa));
  return copysign(v, a);
}

double __clgo_sinpi_d(double x) {
  if (isinf(x) || isnan(x)) return x - x;
  double r = x - 2.0 * rint(0.5 * x);
  double a = fabs(r);
  if (a > 0.5) a = 1.0 - a;
  // sinpi(±n) is ±0 by the sign of x (§7.5.1).
  if (a == 0.0) return copysign(0.0, x);
  return copysign(__clgo_sinpik_d(a), r);
}

double __clgo_cospi_d(double x) {
  if (isinf(x) || isnan(x)) return x - x;
  double r = fabs(x - 2.0 * rint(0.5 * x));
  // cos(π r) = sin(π (1/2 - r)); cospi(n + 1/2) is +0.
  double d = 0.5 - r;
  if (d == 0.0) return 0.0;
  return __clgo_sinpik_d(d);
}

double __clgo_tanpi_d(double x) {
  if (isinf(x) || isnan(x)) return x - x;
  double k = rint(x);
  double r = x - k;
  bool odd = k * 0.5 != floor(k * 0.5);
  if (r == 0.0) return odd ? copysign(0.0, -x) : copysign(0.0, x);
  if (fabs(r) == 0.5) {
    double n = x - 0.5;
    return n * 0.5 == floor(n * 0.5) ? INFINITY : -INFINITY;
  }
  double a = fabs(r);
  double v;
  if (a <= 0.25) {
    v = __clgo_sink_d(CLGO_PI * a) / __clgo_cosk_d(CLGO_PI * a);
  } else {
    double c = CLGO_PI * (0.5 - a);
    v = __clgo_cosk_d(c) / __clgo_sink_d(c);
  }
  return copysign(v, r);
}

float __clgo_sinpi_f(float x) { return (float)__clgo_sinpi_d((double)x); }
float __clgo_cospi_f(float x) { return (float)__clgo_cospi_d((double)x); }
float __clgo_tanpi_f(float x) { return (float)__clgo_tanpi_d((double)x); }
