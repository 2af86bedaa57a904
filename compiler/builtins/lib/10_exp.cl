// Exponentials (OpenCL C §7.4: exp, exp2, exp10, expm1 ≤ 3 ulp) for
// double; float has its own, in float (13_expf.cl). Reduction: x = k ln2
// + r with |r| <= ln2/2 (Cody-Waite, k*LN2_HI exact), e^r - 1 by its
// Taylor series to r^14 (remainder below 2^-60 relative), then a scaling
// by 2^k.

// e^r - 1 for |r| <= 0.36; the leading r is exact.
double __clgo_expm1k_d(double r) {
  double p = INV_FACT_14;
  p = p * r + INV_FACT_13;
  p = p * r + INV_FACT_12;
  p = p * r + INV_FACT_11;
  p = p * r + INV_FACT_10;
  p = p * r + INV_FACT_9;
  p = p * r + INV_FACT_8;
  p = p * r + INV_FACT_7;
  p = p * r + INV_FACT_6;
  p = p * r + INV_FACT_5;
  p = p * r + INV_FACT_4;
  p = p * r + INV_FACT_3;
  p = p * r + 0.5;
  return r + (r * r) * p;
}

double __clgo_exp_d(double x) {
  if (isnan(x)) return x;
  if (x > 0x1.62e42fefa39efp+9) return INFINITY;
  if (x < -0x1.77p+9) return 0.0;
  double k = rint(x * LOG2_E);
  double r = (x - k * LN2_HI) - k * LN2_LO;
  return ldexp(1.0 + __clgo_expm1k_d(r), (int)k);
}

double __clgo_exp2_d(double x) {
  if (isnan(x)) return x;
  if (x >= 1024.0) return INFINITY;
  if (x < -1080.0) return 0.0;
  double k = rint(x);
  double r = (x - k) * LN2_HI + (x - k) * LN2_LO;
  return ldexp(1.0 + __clgo_expm1k_d(r), (int)k);
}

double __clgo_exp10_d(double x) {
  if (isnan(x)) return x;
  if (x > 0x1.34413509f79ffp+8) return INFINITY;
  if (x < -330.0) return 0.0;
  double k = rint(x * CLGO_LOG2_10);
  double r = (x - k * LOG10_2_HI) - k * LOG10_2_LO;
  double rl = r * LN10_HI + r * LN10_LO;
  return ldexp(1.0 + __clgo_expm1k_d(rl), (int)k);
}

double __clgo_expm1_d(double x) {
  if (isnan(x)) return x;
  if (x > 0x1.62e42fefa39efp+9) return INFINITY;
  if (x < -40.0) return -1.0;
  if (x == 0.0) return x;
  if (fabs(x) <= 0x1.62e42fefa39efp-2) return __clgo_expm1k_d(x);
  double k = rint(x * LOG2_E);
  double r = (x - k * LN2_HI) - k * LN2_LO;
  double em = __clgo_expm1k_d(r);
  int ki = (int)k;
  if (ki >= 56) return ldexp(1.0 + em, ki);
  if (ki >= 1) return ldexp(em + (1.0 - ldexp(1.0, -ki)), ki);
  return ldexp(em, ki) + (ldexp(1.0, ki) - 1.0);
}
