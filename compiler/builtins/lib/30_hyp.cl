// Hyperbolic functions and their inverses (OpenCL C §7.4: sinh, cosh,
// asinh, acosh ≤ 4 ulp; tanh, atanh ≤ 5), from the exp and log kernels:
// sinh = (E + E/(E+1))/2 and tanh = E/(E+2) with E = expm1 (no
// cancellation near 0); the inverses through log1p.

// e^a / 2 for a up to the overflow of sinh and cosh (e^(a/2) squared).
double __clgo_halfexp_d(double a) {
  double t = __clgo_exp_d(0.5 * a);
  return (0.5 * t) * t;
}

double __clgo_sinh_d(double x) {
  if (isnan(x) || isinf(x)) return x;
  double a = fabs(x);
  if (a < 0x1p-28) return x;
  double v;
  if (a < 22.0) {
    double e = __clgo_expm1_d(a);
    v = 0.5 * (e + e / (e + 1.0));
  } else {
    v = __clgo_halfexp_d(a);
  }
  return copysign(v, x);
}

double __clgo_cosh_d(double x) {
  if (isnan(x)) return x;
  double a = fabs(x);
  if (a < 0x1p-28) return 1.0;
  if (a < 22.0) {
    double e = __clgo_exp_d(a);
    return 0.5 * e + 0.5 / e;
  }
  return __clgo_halfexp_d(a);
}

double __clgo_tanh_d(double x) {
  if (isnan(x)) return x;
  double a = fabs(x);
  if (a < 0x1p-28) return x;
  if (a >= 22.0) return copysign(1.0, x);
  double e = __clgo_expm1_d(2.0 * a);
  return copysign(e / (e + 2.0), x);
}

double __clgo_asinh_d(double x) {
  if (isnan(x) || isinf(x)) return x;
  double a = fabs(x);
  if (a < 0x1p-28) return x;
  double v;
  if (a > 0x1p28) {
    v = __clgo_log_d(a) + CLGO_LN2;
  } else {
    double a2 = a * a;
    v = __clgo_log1p_d(a + a2 / (1.0 + sqrt(1.0 + a2)));
  }
  return copysign(v, x);
}

double __clgo_acosh_d(double x) {
  if (isnan(x)) return x;
  if (x < 1.0) return NAN;
  if (isinf(x)) return x;
  if (x > 0x1p28) return __clgo_log_d(x) + CLGO_LN2;
  double t = x - 1.0;
  return __clgo_log1p_d(t + sqrt(2.0 * t + t * t));
}

double __clgo_atanh_d(double x) {
  if (isnan(x)) return x;
  double a = fabs(x);
  if (a > 1.0) return NAN;
  if (a == 1.0) return copysign((double)INFINITY, x);
  if (a < 0x1p-28) return x;
  return copysign(0.5 * __clgo_log1p_d((2.0 * a) / (1.0 - a)), x);
}

float __clgo_sinh_f(float x) { return (float)__clgo_sinh_d((double)x); }
float __clgo_cosh_f(float x) { return (float)__clgo_cosh_d((double)x); }
float __clgo_tanh_f(float x) { return (float)__clgo_tanh_d((double)x); }
float __clgo_asinh_f(float x) { return (float)__clgo_asinh_d((double)x); }
float __clgo_acosh_f(float x) { return (float)__clgo_acosh_d((double)x); }
float __clgo_atanh_f(float x) { return (float)__clgo_atanh_d((double)x); }
