// erfc for double (OpenCL C §7.4: ≤ 16 ulp; C99 F.9.5.2: erfc(±0) = 1,
// erfc(+∞) = +0, erfc(-∞) = 2). For x >= 0, erfc(x) = e^(-x²) F(x) with
// F = e^(x²) erfc(x) (slowly varying, no cancellation) and e^(-x²)
// computed from x² as a double-double: the exponential's relative error
// is the absolute error of its argument, which for x² up to 745 a rounded
// x² would spoil by up to 2^-44. erfc(x) = 2 - erfc(-x) for x < 0
// (erfc(-x) <= 1: no cancellation). erf for double is here too.

// F(x) for 0 <= x < 3: Taylor series about c = 1/4, 3/4, ..., 11/4
// (|x - c| <= 1/4). F' = 2xF - 2/√π gives the coefficients' recurrence
// (n+1) b_{n+1} = 2c b_n + 2 b_{n-1}; b_0 = F(c) (as b0 + b0l) and b_1 =
// 2c F(c) - 2/√π (which cancels, so it is a constant too) come from
// 200-bit arithmetic. 24 terms: the rest is below 2^-60 relative.
double __clgo_erfcx_taylor_d(double x) {
  int i = (int)(2.0 * x);
  double b0, b0l, b1;
  if (i == 0) {
    b0 = 0x1.8a6adcda2ea92p-1;
    b0l = -0x1.b3e5e8f69dcbfp-57;
    b1 = -0x1.7c857b9b3c191p-1;
  } else if (i == 1) {
    b0 = 0x1.038d54ea3d834p-1;
    b0l = -0x1.ec2134d851665p-55;
    b1 = -0x1.78cdd551ee51ap-2;
  } else if (i == 2) {
    b0 = 0x1.78a692138767ap-2;
    b0l = 0x1.4797400f19192p-63;
    b1 = -0x1.abaacdbfa8b07p-3;
  } else if (i == 3) {
    b0 = 0x1.23cfc2f1dc7e0p-2;
    b0l = 0x1.3b1040eb318c2p-57;
    b1 = -0x1.0c3d538446447p-3;
  } else if (i == 4) {
    b0 = 0x1.d94446d627932p-3;
    b0l = -0x1.a8198a8216449p-58;
    b1 = -0x1.6a70d2bb37411p-4;
  } else {
    b0 = 0x1.8c9eb68ff27d7p-3;
    b0l = -0x1.bb4e763c64a35p-57;
    b1 = -0x1.0305781330099p-4;
  }
  double c = 0.5 * (double)i + 0.25;
  double h = x - c;
  double bm = b0;
  double b = b1;
  double hp = h;
  double s = b1 * h;
  for (int n = 1; n < 24; n++) {
    double bn = (2.0 * c * b + 2.0 * bm) / (double)(n + 1);
    hp *= h;
    s += bn * hp;
    bm = b;
    b = bn;
  }
  return b0 + (b0l + s);
}

// F(x) for x >= 3 by Laplace's continued fraction
// √π F(x) = 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), 36 levels
// (relative error below 2^-59 at 3, less beyond).
double __clgo_erfcx_cf_d(double x) {
  double k = x;
  for (int n = 36; n >= 1; n--) {
    k = x + (0.5 * (double)n) / k;
  }
  return 0x1.20dd750429b6dp-1 / k; // 1/√π
}

// erfc(a) for 2^-56 <= a <= 27.3.
double __clgo_erfc_pos_d(double a) {
  double f = a < 3.0 ? __clgo_erfcx_taylor_d(a) : __clgo_erfcx_cf_d(a);
  // a² = h + l exactly (Dekker's product, a split in 26 + 27 bits).
  double sp = 134217729.0 * a;
  double ah = sp - (sp - a);
  double al = a - ah;
  double h = a * a;
  double l = ((ah * ah - h) + 2.0 * ah * al) + al * al;
  // e^(-h-l) = m 2^k: -h - k*LN2_HI is exact (k*LN2_HI has 50 bits and
  // both are multiples of h's ulp, the difference below 0.35).
  double k = rint(-h * LOG2_E);
  double r = ((-h - k * LN2_HI) - k * LN2_LO) - l;
  double m = 1.0 + __clgo_expm1k_d(r);
  // One rounding where the result is subnormal (from a = 26.55).
  return ldexp(m * f, (int)k);
}

double __clgo_erfc_d(double x) {
  if (isnan(x)) return x;
  // erfc(x) = 1 - 2x/√π + O(x³) rounds to 1 (and erfc(±0) = 1).
  if (fabs(x) < 0x1p-56) return 1.0;
  // erfc(-6) = 2 - 2.2e-17 rounds to 2; erfc(27.3) is below half the
  // smallest subnormal.
  if (x < -6.0) return 2.0;
  if (x > 27.3) return 0.0;
  double y = __clgo_erfc_pos_d(fabs(x));
  return x < 0.0 ? 2.0 - y : y;
}

// erf(x) for |x| < 1/2: (2/√π) Σ (-1)^n x^(2n+1) / (n! (2n+1)) to n =
// 14 (the rest is below 2^-70 relative); the terms shrink by 4 at least,
// and 2/√π is a double-double.
double __clgo_erft_d(double x) {
  double z = x * x;
  double p = 0x1.f683ae4a97007p-42;
  p = p * z - 0x1.d8453cb0c46eap-38;
  p = p * z + 0x1.9e6ad5e55a730p-34;
  p = p * z - 0x1.51d7181c5d36dp-30;
  p = p * z + 0x1.fcc5720624c1cp-27;
  p = p * z - 0x1.5f742ec43e71ap-23;
  p = p * z + 0x1.b9e6c9dc651a3p-20;
  p = p * z - 0x1.f4d25c3e0c2ebp-17;
  p = p * z + 0x1.f9a326f9b89b7p-14;
  p = p * z - 0x1.c02db40040b86p-11;
  p = p * z + 0x1.565bcd0e6a53fp-8;
  p = p * z - 0x1.b82ce31288b51p-6;
  p = p * z + 0x1.ce2f21a042be2p-4;
  p = p * z - 0x1.812746b0379e7p-2;
  return x * 0x1.20dd750429b6dp+0 + x * (0x1.1ae3a914fed80p-56 + z * p);
}

// erf for double: the series below 1/2, 1 - erfc from 1/2 on (erfc(1/2)
// = 0.48: no cancellation); ±1 from 6 on (erfc(6) = 2.2e-17 is below
// half an ulp of 1).
double __clgo_erf_d(double x) {
  if (isnan(x)) return x;
  double a = fabs(x);
  if (a >= 6.0) return copysign(1.0, x);
  if (a < 0.5) return __clgo_erft_d(x);
  return copysign(1.0 - __clgo_erfc_pos_d(a), x);
}
