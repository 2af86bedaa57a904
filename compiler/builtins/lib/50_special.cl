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

// ln Γ(1 + t) = -γt + Σ_{k>=2} (-1)^k ζ(k)/k t^k, |t| <= 1/4 (45 terms:
// the rest is below 2^-90).
double __clgo_lg1_d(double t) {
  double p = 0x1.6c16c16c16ccdp-6;
  p = 0x1.745d1745d18bap-6 - t * p;
  p = 0x1.7d05f417d08eep-6 - t * p;
  p = 0x1.8618618618c31p-6 - t * p;
  p = 0x1.8f9c18f9c2577p-6 - t * p;
  p = 0x1.999999999b333p-6 - t * p;
  p = 0x1.a41a41a41d89ep-6 - t * p;
  p = 0x1.af286bca21af3p-6 - t * p;
  p = 0x1.bacf914c29837p-6 - t * p;
  p = 0x1.c71c71c738e39p-6 - t * p;
  p = 0x1.d41d41d457c58p-6 - t * p;
  p = 0x1.e1e1e1e25a5a6p-6 - t * p;
  p = 0x1.f07c1f08ba2eap-6 - t * p;
  p = 0x1.0000000100002p-5 - t * p;
  p = 0x1.08421086318cep-5 - t * p;
  p = 0x1.111111155556dp-5 - t * p;
  p = 0x1.1a7b961a7b9aap-5 - t * p;
  p = 0x1.24924936db7bcp-5 - t * p;
  p = 0x1.2f684c00002bcp-5 - t * p;
  p = 0x1.3b13b189d925ep-5 - t * p;
  p = 0x1.47ae151eb9fb7p-5 - t * p;
  p = 0x1.555556aaafdcdp-5 - t * p;
  p = 0x1.642c88591b66dp-5 - t * p;
  p = 0x1.745d1d1778df9p-5 - t * p;
  p = 0x1.86186db77bfbfp-5 - t * p;
  p = 0x1.9999b3352d5bap-5 - t * p;
  p = 0x1.af28a1b5688a0p-5 - t * p;
  p = 0x1.c71ce3a20b419p-5 - t * p;
  p = 0x1.e1e2d311e8abdp-5 - t * p;
  p = 0x1.00010064cdeb2p-4 - t * p;
  p = 0x1.11133476e7fe0p-4 - t * p;
  p = 0x1.2496df8320c5fp-4 - t * p;
  p = 0x1.3b1d971fc5985p-4 - t * p;
  p = 0x1.556ad63243bc4p-4 - t * p;
  p = 0x1.748c33114c6d6p-4 - t * p;
  p = 0x1.9a01e385d5f8fp-4 - t * p;
  p = 0x1.c806706d57db4p-4 - t * p;
  p = 0x1.010b36af86397p-3 - t * p;
  p = 0x1.2703a1dcea3aep-3 - t * p;
  p = 0x1.5b40cb100c306p-3 - t * p;
  p = 0x1.a8b9c17aa6149p-3 - t * p;
  p = 0x1.151322ac7d848p-2 - t * p;
  p = 0x1.9a4d55beab2d7p-2 - t * p;
  p = 0x1.a51a6625307d3p-1 - t * p;
  return t * (-0x1.2788cfc6fb619p-1 + t * p);
}

// ln Γ(2 + t) = (1 - γ)t + Σ_{k>=2} (-1)^k (ζ(k) - 1)/k t^k, |t| <= 3/4
// (45 terms: the rest is below 2^-63 relative).
double __clgo_lg2_d(double t) {
  double p = 0x1.6c16c1b4d6456p-51;
  p = 0x1.745d17b56ba4ap-50 - t * p;
  p = 0x1.7d05f4c31c560p-49 - t * p;
  p = 0x1.8618628d28905p-48 - t * p;
  p = 0x1.8f9c1a8df9d78p-47 - t * p;
  p = 0x1.99999c0716ee9p-46 - t * p;
  p = 0x1.a41a45603e5b6p-45 - t * p;
  p = 0x1.af28718a10d6ep-44 - t * p;
  p = 0x1.bacf9a27bc89bp-43 - t * p;
  p = 0x1.c71c7f6f10e37p-42 - t * p;
  p = 0x1.d41d56e5ee2e2p-41 - t * p;
  p = 0x1.e1e2026aafcd8p-40 - t * p;
  p = 0x1.f07c514fc9f0ap-39 - t * p;
  p = 0x1.000026e3f644fp-37 - t * p;
  p = 0x1.08424cbc543d8p-36 - t * p;
  p = 0x1.11116e693ed98p-35 - t * p;
  p = 0x1.1a7c26ec2523cp-34 - t * p;
  p = 0x1.24932a337434cp-33 - t * p;
  p = 0x1.2f69a9fabe3e0p-32 - t * p;
  p = 0x1.3b15d2b2fc10cp-31 - t * p;
  p = 0x1.47b1679258d0ep-30 - t * p;
  p = 0x1.555a877ffd2c3p-29 - t * p;
  p = 0x1.6434a8447aeadp-28 - t * p;
  p = 0x1.7469daccfadcdp-27 - t * p;
  p = 0x1.862c734df3eacp-26 - t * p;
  p = 0x1.99b93c2070b0fp-25 - t * p;
  p = 0x1.af5a6cbbf8a97p-24 - t * p;
  p = 0x1.c76bbb3f07a4dp-23 - t * p;
  p = 0x1.e2600d93cfd2fp-22 - t * p;
  p = 0x1.0064cdeb22f0fp-20 - t * p;
  p = 0x1.11b2eb7679541p-19 - t * p;
  p = 0x1.2597a39f34aacp-18 - t * p;
  p = 0x1.3cbc963ce2243p-17 - t * p;
  p = 0x1.580dcee66eb02p-16 - t * p;
  p = 0x1.78de5bd7c81efp-15 - t * p;
  p = 0x1.a127b0f17d65ap-14 - t * p;
  p = 0x1.d3fd4c76d2fc8p-13 - t * p;
  p = 0x1.0b36af86396e9p-11 - t * p;
  p = 0x1.38ac5c2bf8e08p-10 - t * p;
  p = 0x1.7add6eadb6c30p-9 - t * p;
  p = 0x1.e404fc218f5f2p-8 - t * p;
  p = 0x1.51322ac7d8483p-6 - t * p;
  p = 0x1.13e001a557607p-4 - t * p;
  p = 0x1.4a34cc4a60fa6p-2 - t * p;
  return t * (0x1.b0ee6072093cep-2 + t * p);
}

// lgamma_r and lgamma for double (§7.4 gives lgamma no bound): Taylor
// series around 1 and 2 (where ln Γ vanishes and Stirling's sum cancels to
// 2^-45 absolute), elsewhere as float, in double. Near 0, ln|Γ(x)| = -ln|x| - γx + O(x²): below
// 2^-60 the reflection's π/sin(πx) would overflow first.
double2 __clgo_lgamma_r_d(double x) {
  if (isnan(x)) return (double2)(x, 0.0);
  if (isinf(x)) return (double2)(INFINITY, x > 0.0 ? 1.0 : 0.0);
  if (x == 1.0 || x == 2.0) return (double2)(0.0, 1.0);
  if (x == 0.0 || x < 0.0 && x == rint(x)) return (double2)(INFINITY, 0.0);
  if (fabs(x) < 0x1p-60) return (double2)(-__clgo_log_d(fabs(x)), x < 0.0 ? -1.0 : 1.0);
  // x - 1 and x - 2 are exact there (Sterbenz).
  if (x >= 0.75 && x <= 1.25) return (double2)(__clgo_lg1_d(x - 1.0), 1.0);
  if (x > 1.25 && x <= 2.75) return (double2)(__clgo_lg2_d(x - 2.0), 1.0);
  if (x > 0.0) return (double2)(__clgo_lgpos_d(x), 1.0);
  double s = __clgo_sinpi_d(x);
  double l = __clgo_log_d(CLGO_PI / fabs(s)) - __clgo_lgpos_d(1.0 - x);
  return (double2)(l, s < 0.0 ? -1.0 : 1.0);
}

double __clgo_lgamma_d(double x) { return __clgo_lgamma_r_d(x).x; }
