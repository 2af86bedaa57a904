// tgamma for double (OpenCL C §7.4: ≤ 16 ulp; float is in 50_special.cl).
// Γ(x) = Γ(z) / (x (x+1) ... (x+n-1)) with z = x + n >= 12, for negative
// x too: each x + i is exact as a double-double and so is the product to
// ~2^-100, also next to the poles, where a reflection through sin(πx)
// would need π x to more than double. ln Γ(z) by Stirling's series,
// (z - ½) ln z - z + ½ ln 2π + Σ_{k=1}^{10} B_2k / (2k(2k-1) z^(2k-1))
// (the first omitted term is below 2^-71 at z = 12), in double-double
// but for the sum (below 1/144 of the result, in double: 2^-60), then
// e^ln Γ(z) from the double-double: |ln Γ(z)| <= 710, so its error of
// ~2^-100 relative stays below 2^-90.

double __clgo_tgamma_d(double x) {
  if (isnan(x) || x == INFINITY) return x;
  // Γ(x) = 1/x - γ + O(x): γx is below 2^-60 of it. ±0 give ±inf, and
  // so do the subnormals (1/x overflows).
  if (fabs(x) < 0x1p-60) return 1.0 / x;
  if (x < 0.0 && x == rint(x)) return NAN; // the poles, and -inf
  if (x > 171.7) return INFINITY;
  // |Γ(x)| < 2^45 / 190! < 2^-1100 below -190 (x is 2^-45 or more from
  // the poles there); the sign is that of (-1)^ceil(-x).
  if (x < -190.0) return __clgo_isodd_d(floor(x)) ? -0.0 : 0.0;
  // z = x + n and the product of x ... x+n-1, scaled by 2^-pe so that it
  // stays finite (up to 190! ~ 2^1166 for x near -190).
  double2 z = (double2)(x, 0.0);
  double2 p = (double2)(1.0, 0.0);
  int pe = 0;
  while (z.x < 12.0) {
    p = __clgo_dd_mul(p, z);
    z = __clgo_dd_add_d(z, 1.0);
    if (fabs(p.x) > 0x1p600) {
      p = (double2)(p.x * 0x1p-600, p.y * 0x1p-600);
      pe += 600;
    }
  }
  // ln z = ln z.x + z.y/z.x (the next term is below 2^-106).
  double2 lz = __clgo_dd_add_d(__clgo_dd_log(z.x), z.y / z.x);
  double2 e = __clgo_dd_mul(__clgo_dd_add_d(z, -0.5), lz);
  e = __clgo_dd_add(e, __clgo_dd_neg(z));
  e = __clgo_dd_add(e, (double2)(0x1.d67f1c864beb5p-1, -0x1.65b5a1b7ff5dfp-55)); // ½ ln 2π
  double w = 1.0 / z.x;
  double w2 = w * w;
  double s = -0x1.6476701181f3ap+0; // B_20 / (20·19)
  s = s * w2 + 0x1.6fe96381e0680p-3; // B_18 / (18·17)
  s = s * w2 - 0x1.e4286cb0f5398p-6;
  s = s * w2 + 0x1.a41a41a41a41ap-8;
  s = s * w2 - 0x1.f6ab0d9993c7dp-10;
  s = s * w2 + 0x1.b951e2b18ff23p-11;
  s = s * w2 - 0x1.3813813813814p-11;
  s = s * w2 + 0x1.a01a01a01a01ap-11;
  s = s * w2 - 0x1.6c16c16c16c17p-9;
  s = s * w2 + 0x1.5555555555555p-4; // B_2 / (2·1) = 1/12
  e = __clgo_dd_add_d(e, s * w);
  if (x >= 12.0) return __clgo_dd_exp_d(e); // overflows past 171.62
  // Γ(z) < 5e9 here; the quotient rounds once, also where 2^-pe makes
  // it subnormal.
  return __clgo_dd_ldexp(__clgo_dd_div(__clgo_dd_exp(e), p), -pe);
}
