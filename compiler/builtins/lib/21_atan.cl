// Inverse trigonometric functions (OpenCL C §7.4: asin, acos ≤ 4 ulp,
// atan ≤ 5, atan2 ≤ 6, the π forms one more). atan: |x| > 1 through
// π/2 - atan(1/x); |x| > tan(π/12) through π/6 + atan((x√3 - 1)/(x + √3));
// then the Taylor series of atan to x^29 on |x| <= tan(π/12) (remainder
// below 2^-56 relative).

double __clgo_atank_d(double x) {
  double z = x * x;
  double p = -1.0 / 29.0;
  p = p * z + 1.0 / 27.0;
  p = p * z - 1.0 / 25.0;
  p = p * z + 1.0 / 23.0;
  p = p * z - 1.0 / 21.0;
  p = p * z + 1.0 / 19.0;
  p = p * z - 1.0 / 17.0;
  p = p * z + 1.0 / 15.0;
  p = p * z - 1.0 / 13.0;
  p = p * z + 1.0 / 11.0;
  p = p * z - 1.0 / 9.0;
  p = p * z + 1.0 / 7.0;
  p = p * z - 1.0 / 5.0;
  p = p * z + 1.0 / 3.0;
  return x - (x * z) * p;
}

// atan for 0 <= a <= 1.
double __clgo_atan01_d(double a) {
  if (a <= CLGO_TAN_PI12) return __clgo_atank_d(a);
  double u = (a * CLGO_SQRT3 - 1.0) / (a + CLGO_SQRT3);
  return CLGO_PIO6 + __clgo_atank_d(u);
}

double __clgo_atan_d(double x) {
  if (isnan(x)) return x;
  double a = fabs(x);
  double v;
  if (a <= 1.0) {
    v = __clgo_atan01_d(a);
  } else {
    v = (CLGO_PIO2 - __clgo_atan01_d(1.0 / a)) + CLGO_PIO2_LO;
  }
  return copysign(v, x);
}

// atan2 with C99 F.9.1.4's cases.
double __clgo_atan2_d(double y, double x) {
  if (isnan(x) || isnan(y)) return x + y;
  bool xneg = signbit(x);
  if (y == 0.0) {
    return xneg ? copysign(CLGO_PI, y) : copysign(0.0, y);
  }
  if (x == 0.0) return copysign(CLGO_PIO2, y);
  if (isinf(x)) {
    if (isinf(y)) return copysign(xneg ? 3.0 * CLGO_PIO4 : CLGO_PIO4, y);
    return xneg ? copysign(CLGO_PI, y) : copysign(0.0, y);
  }
  if (isinf(y)) return copysign(CLGO_PIO2, y);
  double ax = fabs(x), ay = fabs(y);
  double v;
  if (ay <= ax) {
    v = __clgo_atan01_d(ay / ax);
  } else {
    v = (CLGO_PIO2 - __clgo_atan01_d(ax / ay)) + CLGO_PIO2_LO;
  }
  if (xneg) v = (CLGO_PI - v) + CLGO_PI_LO;
  return copysign(v, y);
}

double __clgo_asin_d(double x) {
  if (isnan(x)) return x;
  double a = fabs(x);
  if (a > 1.0) return NAN;
  if (a < 0x1p-27) return x;
  // asin(a) = atan2(a, sqrt((1 - a)(1 + a))).
  return copysign(__clgo_atan2_d(a, sqrt((1.0 - a) * (1.0 + a))), x);
}

double __clgo_acos_d(double x) {
  if (isnan(x)) return x;
  if (fabs(x) > 1.0) return NAN;
  // acos(x) = 2 atan(sqrt((1 - x)/(1 + x))); acos(1) = +0.
  return 2.0 * __clgo_atan2_d(sqrt(1.0 - x), sqrt(1.0 + x));
}

double __clgo_asinpi_d(double x) { return __clgo_asin_d(x) * CLGO_1_PI; }
double __clgo_acospi_d(double x) { return __clgo_acos_d(x) * CLGO_1_PI; }
double __clgo_atanpi_d(double x) { return __clgo_atan_d(x) * CLGO_1_PI; }

// atan2pi: the exact cases of §7.5.1 (±1, ±0.5, ±0.25, ±0.75) come out of
// atan2's π multiples times 1/π only after rounding; set them exactly.
double __clgo_atan2pi_d(double y, double x) {
  if (isnan(x) || isnan(y)) return x + y;
  if (y == 0.0) return signbit(x) ? copysign(1.0, y) : copysign(0.0, y);
  if (x == 0.0) return copysign(0.5, y);
  if (isinf(x) && isinf(y)) return copysign(signbit(x) ? 0.75 : 0.25, y);
  if (isinf(y)) return copysign(0.5, y);
  if (isinf(x)) return signbit(x) ? copysign(1.0, y) : copysign(0.0, y);
  return __clgo_atan2_d(y, x) * CLGO_1_PI;
}

float __clgo_asin_f(float x) { return (float)__clgo_asin_d((double)x); }
float __clgo_acos_f(float x) { return (float)__clgo_acos_d((double)x); }
float __clgo_atan_f(float x) { return (float)__clgo_atan_d((double)x); }
float __clgo_atan2_f(float y, float x) { return (float)__clgo_atan2_d((double)y, (double)x); }
float __clgo_asinpi_f(float x) { return (float)__clgo_asinpi_d((double)x); }
float __clgo_acospi_f(float x) { return (float)__clgo_acospi_d((double)x); }
float __clgo_atanpi_f(float x) { return (float)__clgo_atanpi_d((double)x); }
float __clgo_atan2pi_f(float y, float x) { return (float)__clgo_atan2pi_d((double)y, (double)x); }
