// Special functions for float (OpenCL C §7.4: erf, erfc, tgamma ≤ 16 ulp;
// lgamma none), computed in double and rounded once: each double result
// below is good to about 1e-13 relative, far inside a float ulp.

// erf(x) for |x| < 2.5: (2x/√π) e^(-x²) Σ (2x²)^n / (2n+1)!!, a series
// of positive terms (no cancellation); 45 terms reach 2^-56 at 2.5. x² is
// exact for a float x.
double __clgo_erfs_d(double x) {
  double x2 = x * x;
  double t = 1.0;
  double s = 1.0;
  for (int n = 1; n < 48; n++) {
    t = t * (2.0 * x2) / (double)(2 * n + 1);
    s += t;
  }
  return (2.0 / CLGO_SQRT_PI) * x * __clgo_exp_d(-x2) * s;
}

// erfc(x) for x >= 2 by the continued fraction
// erfc(x) = e^(-x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))),
// 24 levels (relative error below 1e-10 at 2, less beyond).
double __clgo_erfcf_d(double x) {
  double k = x;
  for (int n = 24; n >= 1; n--) {
    k = x + (0.5 * (double)n) / k;
  }
  return __clgo_exp_d(-x * x) / (CLGO_SQRT_PI * k);
}

float __clgo_erf_f(float xf) {
  double x = (double)xf;
  double a = fabs(x);
  if (isnan(x)) return xf;
  if (a >= 6.0) return copysign(1.0f, xf);
  if (a < 2.5) return (float)__clgo_erfs_d(x);
  return (float)copysign(1.0 - __clgo_erfcf_d(a), x);
}

float __clgo_erfc_f(float xf) {
  double x = (double)xf;
  if (isnan(x)) return xf;
  if (x < -6.0) return 2.0f;
  if (x > 10.1) return 0.0f;
  // Below 2, 1 - erf loses at most 8 bits of double.
  if (x < -2.5) return (float)(2.0 - __clgo_erfcf_d(-x));
  if (x < 2.0) return (float)(1.0 - __clgo_erfs_d(x));
  return (float)__clgo_erfcf_d(x);
}

// ln Γ(z) - (z - 1/2) ln z + z - ln√(2π) for z >= 10: Stirling's series
// to the 1/z^9 term (the next is below 2e-14 relative).
double __clgo_stirling_d(double z) {
  double r = 1.0 / z;
  double r2 = r * r;
  double p = 1.0 / 1188.0;
  p = 1.0 / 1680.0 - r2 * p;
  p = 1.0 / 1260.0 - r2 * p;
  p = 1.0 / 360.0 - r2 * p;
  p = 1.0 / 12.0 - r2 * p;
  return r * p;
}

// ln Γ(x) for x > 0: shifted to z = x + n >= 10, Γ(x) = Γ(z) / (x (x+1)
// ... (z-1)).
double __clgo_lgpos_d(double x) {
  double p = 1.0;
  double z = x;
  while (z < 10.0) {
    p *= z;
    z += 1.0;
  }
  double l = (z - 0.5) * __clgo_log_d(z) - z + CLGO_LN_SQRT_2PI + __clgo_stirling_d(z);
  return l - __clgo_log_d(p);
}

// Γ(x) for x > 0 (overflows to +∞ past 171.6).
double __clgo_tgpos_d(double x) {
  double p = 1.0;
  double z = x;
  while (z < 10.0) {
    p *= z;
    z += 1.0;
  }
  if (z > 180.0) return INFINITY;
  // √(2π/z) (z/e)^z e^s, the power split in two so that no part overflows.
  double h = __clgo_exp_d(0.5 * (z * __clgo_log_d(z) - z + __clgo_stirling_d(z)));
  return (h * (CLGO_SQRT2 * CLGO_SQRT_PI / sqrt(z))) * h / p;
}

float __clgo_tgamma_f(float xf) {
  // Zero and subnormal xf, tested on the bits: Γ(x) = 1/x - γ + O(x), and
  // γ is far below an ulp of 1/x here. NVIDIA flushes a subnormal xf
  // converted to double, then compares it inconsistently (NaN came out);
  // 1/xf there is ±inf, the pole of the flushed input (§7.5.3).
  if ((as_uint(xf) & 0x7fffffffu) < 0x00800000u) return 1.0f / xf;
  double x = (double)xf;
  if (isnan(x)) return xf;
  if (x == 0.0) return copysign(INFINITY, xf); // C99 F.9.5.4
  if (x > 0.0) return (float)__clgo_tgpos_d(x);
  if (isinf(x) || x == rint(x)) return as_float(0x7fc00000u);
  // Reflection: Γ(x) = π / (sin(πx) Γ(1-x)).
  return (float)(CLGO_PI / (__clgo_sinpi_d(x) * __clgo_tgpos_d(1.0 - x)));
}

// (ln|Γ(x)|, sign of Γ(x)): the sign is 0 at the poles (§7.5.1 for
// lgamma_r), and lgamma(±∞) is +∞ (C99 F.9.5.3).
float2 __clgo_lgamma_r_f(float xf) {
  double x = (double)xf;
  if (isnan(x)) return (float2)(xf, 0.0f);
  if (isinf(x)) return (float2)(INFINITY, x > 0.0 ? 1.0f : 0.0f);
  // ln Γ(1) = ln Γ(2) = +0 exactly.
  if (x == 1.0 || x == 2.0) return (float2)(0.0f, 1.0f);
  if (x > 0.0) return (float2)((float)__clgo_lgpos_d(x), 1.0f);
  if (x == rint(x)) return (float2)(INFINITY, 0.0f);
  // Reflection: |Γ(x)| = π / |sin(πx)| / Γ(1-x); the sign is sin(πx)'s.
  double s = __clgo_sinpi_d(x);
  double l = __clgo_log_d(CLGO_PI / fabs(s)) - __clgo_lgpos_d(1.0 - x);
  return (float2)((float)l, s < 0.0 ? -1.0f : 1.0f);
}

float __clgo_lgamma_f(float x) { return __clgo_lgamma_r_f(x).x; }

// lgamma_r and lgamma for double (§7.4 gives lgamma no bound): as float,
// in double throughout. Near 0, ln|Γ(x)| = -ln|x| - γx + O(x²): below
// 2^-60 the reflection's π/sin(πx) would overflow first.
double2 __clgo_lgamma_r_d(double x) {
  if (isnan(x)) return (double2)(x, 0.0);
  if (isinf(x)) return (double2)(INFINITY, x > 0.0 ? 1.0 : 0.0);
  if (x == 1.0 || x == 2.0) return (double2)(0.0, 1.0);
  if (x == 0.0 || x < 0.0 && x == rint(x)) return (double2)(INFINITY, 0.0);
  if (fabs(x) < 0x1p-60) return (double2)(-__clgo_log_d(fabs(x)), x < 0.0 ? -1.0 : 1.0);
  if (x > 0.0) return (double2)(__clgo_lgpos_d(x), 1.0);
  double s = __clgo_sinpi_d(x);
  double l = __clgo_log_d(CLGO_PI / fabs(s)) - __clgo_lgpos_d(1.0 - x);
  return (double2)(l, s < 0.0 ? -1.0 : 1.0);
}

double __clgo_lgamma_d(double x) { return __clgo_lgamma_r_d(x).x; }
