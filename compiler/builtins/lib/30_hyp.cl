// Hyperbolic functions and their inverses (OpenCL C §7.4: sinh, cosh,
// asinh, acosh ≤ 4 ulp; tanh, atanh ≤ 5), from the exp and log kernels
// (double here; float sinh, cosh, tanh at the end):
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

// sinh, cosh and tanh of float compute in float (no double), from the
// float exp pieces of 13_expf.cl; the inverses below still round double.

// e^a/2 for a >= 9, +inf past the overflow of sinh and cosh: 2^(k-1) e^r
// overflows only where the result does.
float __clgo_halfexp_f(float a) {
  float k = rint(a * LOG2EF);
  float hi = a - k * LN2F_HI;
  float y = __clgo_scale_f(__clgo_expk_f(hi, -(k * LN2F_LO)), (int)k - 1);
  return a > 89.5f ? INFINITY : y;
}

// Below 1 the Taylor series a + a³/3! + ... + a^11/11! (the rest below
// 2^-32 relative); below 9 (E + E/(E+1))/2 with E = expm1(a), two
// positive terms; above, e^a/2. Worst 1.2 ulp (bound 4).
float __clgo_sinh_f(float x) {
  float a = fabs(x);
  float v;
  if (a < 1.0f) {
    float z = a * a;
    v = a + (a * z) * (0x1.555556p-3f + z * (0x1.111112p-7f + z * (0x1.a01a02p-13f + z * (0x1.71de3ap-19f + z * 0x1.ae6456p-26f))));
  } else if (a < 9.0f) {
    float e = __clgo_expm1_f(a);
    v = 0.5f * (e + e / (e + 1.0f));
  } else {
    v = __clgo_halfexp_f(a);
  }
  return copysign(v, x);
}

// (E + 1/E)/2 with E = e^a below 9, e^a/2 above. Worst 1.2 ulp (bound 4).
float __clgo_cosh_f(float x) {
  float a = fabs(x);
  if (a < 9.0f) {
    float e = __clgo_exp_f(a);
    return 0.5f * e + 0.5f / e;
  }
  return __clgo_halfexp_f(a);
}

// Below 0.55 a + a³T(a²), T a degree-4 minimax fit of (tanh(a)/a - 1)/a²
// (2^-30); above, E/(E+2) with E = expm1(2a), and 1 from 9.1 on (tanh
// rounds to 1 from 9.0109). Worst 1.5 ulp (bound 5).
float __clgo_tanh_f(float x) {
  float a = fabs(x);
  float v;
  if (a < 0.55f) {
    float z = a * a;
    v = a + (a * z) * (-0x1.55554cp-2f + z * (0x1.110d3ap-3f + z * (-0x1.b92baap-5f + z * (0x1.5955f4p-6f + z * -0x1.9bb6f6p-8f))));
  } else {
    float e = __clgo_expm1_f(2.0f * a);
    v = a > 9.1f ? 1.0f : e / (e + 2.0f);
  }
  return copysign(v, x);
}
float __clgo_asinh_f(float x) { return (float)__clgo_asinh_d((double)x); }
float __clgo_acosh_f(float x) { return (float)__clgo_acosh_d((double)x); }
float __clgo_atanh_f(float x) { return (float)__clgo_atanh_d((double)x); }
