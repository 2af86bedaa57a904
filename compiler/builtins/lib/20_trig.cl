// sin, cos, tan, sincos (OpenCL C §7.4: sin, cos ≤ 4 ulp, tan ≤ 5 ulp)
// and sinpi, cospi, tanpi (≤ 4, 4, 6 ulp; edge cases §7.5.1).
//
// Reduction x = k π/2 + r, |r| <= π/4, r kept as r_hi + r_lo: Cody-Waite
// with π/2 in three parts (the first two of 33 bits, so k*PIO2_1 and
// k*PIO2_2 are exact for |k| < 2^20) below 2^20. Above, Payne-Hanek:
// for double, x's 53-bit integer mantissa times a 256-bit window of 2/π
// in 64-bit integer arithmetic (every bit that matters, exact to 2^-138
// absolute). The float forms are in 24_trigf.cl (float arithmetic only).
// sin and cos of r by their Taylor series (to r^17 and r^18:
// the remainder is below 2^-56 relative on |r| <= π/4); r_lo enters
// their first-order terms.

// The odd part of sin's series: sin r = r - r z P(z), z = r².
double __clgo_sinp_d(double z) {
  double p = -INV_FACT_17;
  p = p * z + INV_FACT_15;
  p = p * z - INV_FACT_13;
  p = p * z + INV_FACT_11;
  p = p * z - INV_FACT_9;
  p = p * z + INV_FACT_7;
  p = p * z - INV_FACT_5;
  return p * z + INV_FACT_3;
}

// cos r = 1 - (z/2 + z² P(z)), z = r².
double __clgo_cosp_d(double z) {
  double p = INV_FACT_18;
  p = p * z - INV_FACT_16;
  p = p * z + INV_FACT_14;
  p = p * z - INV_FACT_12;
  p = p * z + INV_FACT_10;
  p = p * z - INV_FACT_8;
  p = p * z + INV_FACT_6;
  return p * z - INV_FACT_4;
}

double __clgo_sink_d(double r) {
  double z = r * r;
  return r - (r * z) * __clgo_sinp_d(z);
}

double __clgo_cosk_d(double r) {
  double z = r * r;
  return 1.0 - (0.5 * z + (z * z) * __clgo_cosp_d(z));
}

// sin(r + l) = sin r + l (1 - r²/2) and cos(r + l) = cos r - l r, to
// O(l r³): l is below an ulp of r.
double __clgo_sinkl_d(double r, double l) {
  double z = r * r;
  return r + (l * (1.0 - 0.5 * z) - (r * z) * __clgo_sinp_d(z));
}

double __clgo_coskl_d(double r, double l) {
  double z = r * r;
  return 1.0 - (0.5 * z + ((z * z) * __clgo_cosp_d(z) + r * l));
}

// Bits 64(j-1)+1 .. 64(j+3) of 2/π (bit k weighs 2^-k) as four 64-bit
// words, most significant first, for j = 0..16; word 0 is the zero bits
// above the binary point. 1216 bits: enough for x up to 2^1024.
ulong4 __clgo_2opi_window(int j) {
  switch (j) {
  case 0:
    return (ulong4)(0UL, 0xa2f9836e4e441529UL,
                    0xfc2757d1f534ddc0UL, 0xdb6295993c439041UL);
  case 1:
    return (ulong4)(0xa2f9836e4e441529UL, 0xfc2757d1f534ddc0UL,
                    0xdb6295993c439041UL, 0xfe5163abdebbc561UL);
  case 2:
    return (ulong4)(0xfc2757d1f534ddc0UL, 0xdb6295993c439041UL,
                    0xfe5163abdebbc561UL, 0xb7246e3a424dd2e0UL);
  case 3:
    return (ulong4)(0xdb6295993c439041UL, 0xfe5163abdebbc561UL,
                    0xb7246e3a424dd2e0UL, 0x06492eea09d1921cUL);
  case 4:
    return (ulong4)(0xfe5163abdebbc561UL, 0xb7246e3a424dd2e0UL,
                    0x06492eea09d1921cUL, 0xfe1deb1cb129a73eUL);
  case 5:
    return (ulong4)(0xb7246e3a424dd2e0UL, 0x06492eea09d1921cUL,
                    0xfe1deb1cb129a73eUL, 0xe88235f52ebb4484UL);
  case 6:
    return (ulong4)(0x06492eea09d1921cUL, 0xfe1deb1cb129a73eUL,
                    0xe88235f52ebb4484UL, 0xe99c7026b45f7e41UL);
  case 7:
    return (ulong4)(0xfe1deb1cb129a73eUL, 0xe88235f52ebb4484UL,
                    0xe99c7026b45f7e41UL, 0x3991d639835339f4UL);
  case 8:
    return (ulong4)(0xe88235f52ebb4484UL, 0xe99c7026b45f7e41UL,
                    0x3991d639835339f4UL, 0x9c845f8bbdf9283bUL);
  case 9:
    return (ulong4)(0xe99c7026b45f7e41UL, 0x3991d639835339f4UL,
                    0x9c845f8bbdf9283bUL, 0x1ff897ffde05980fUL);
  case 10:
    return (ulong4)(0x3991d639835339f4UL, 0x9c845f8bbdf9283bUL,
                    0x1ff897ffde05980fUL, 0xef2f118b5a0a6d1fUL);
  case 11:
    return (ulong4)(0x9c845f8bbdf9283bUL, 0x1ff897ffde05980fUL,
                    0xef2f118b5a0a6d1fUL, 0x6d367ecf27cb09b7UL);
  case 12:
    return (ulong4)(0x1ff897ffde05980fUL, 0xef2f118b5a0a6d1fUL,
                    0x6d367ecf27cb09b7UL, 0x4f463f669e5fea2dUL);
  case 13:
    return (ulong4)(0xef2f118b5a0a6d1fUL, 0x6d367ecf27cb09b7UL,
                    0x4f463f669e5fea2dUL, 0x7527bac7ebe5f17bUL);
  case 14:
    return (ulong4)(0x6d367ecf27cb09b7UL, 0x4f463f669e5fea2dUL,
                    0x7527bac7ebe5f17bUL, 0x3d0739f78a5292eaUL);
  case 15:
    return (ulong4)(0x4f463f669e5fea2dUL, 0x7527bac7ebe5f17bUL,
                    0x3d0739f78a5292eaUL, 0x6bfb5fb11f8d5d08UL);
  case 16:
    return (ulong4)(0x7527bac7ebe5f17bUL, 0x3d0739f78a5292eaUL,
                    0x6bfb5fb11f8d5d08UL, 0x56033046fc7b6babUL);
  }
  return (ulong4)(0UL, 0UL, 0UL, 0UL);
}

// Payne-Hanek for any finite double |x| >= 2^20: (r_hi, r_lo, k mod 4)
// with x = k π/2 + r_hi + r_lo, r good to 2^-70 relative. x = m 2^q with
// m a 53-bit integer; bits of 2/π of weight 2^-k, k <= q - 2, add
// multiples of 4 to x (2/π) and are skipped. The window starts at most 63
// bits before bit q - 1; m times its 256 bits is P, and x (2/π) mod 4 is
// (P << d) mod 2^256 with two integer bits, d = (q - 2) mod 64. The bits
// after the window add less than m 2^(d-254) <= 2^-138, while r/(π/2) is
// above 2^-62 for every double (the closest double to a multiple of π/2
// is 6381956970095103 * 2^797, r = 2^-60.9).
double3 __clgo_rem_pio2_ph_d(double x) {
  ulong bits = as_ulong(x);
  int q = (int)((bits >> 52) & 0x7ffUL) - 1075;
  ulong m = (bits & 0xfffffffffffffUL) | 0x10000000000000UL;
  int j = ((q - 2) >> 6) + 1; // q >= -32: floor((q - 2) / 64) + 1 >= 0
  uint d = (uint)(q - 2) & 63u;
  ulong4 w = __clgo_2opi_window(j);
  // The 256-bit limbs p3..p0 of P mod 2^256, with the carries.
  ulong p0 = m * w.w;
  ulong p1 = mul_hi(m, w.w) + m * w.z;
  ulong c1 = p1 < m * w.z ? 1UL : 0UL;
  ulong t = mul_hi(m, w.z) + m * w.y;
  ulong c2 = t < m * w.y ? 1UL : 0UL;
  ulong p2 = t + c1;
  c2 += p2 < c1 ? 1UL : 0UL;
  ulong p3 = mul_hi(m, w.y) + m * w.x + c2;
  // Shift left by d; (a >> 1) >> (63 - d) is a >> (64 - d), and 0 for
  // d = 0 (OpenCL shift counts wrap at 64).
  ulong t3 = (p3 << d) | ((p2 >> 1) >> (63u - d));
  ulong t2 = (p2 << d) | ((p1 >> 1) >> (63u - d));
  ulong t1 = (p1 << d) | ((p0 >> 1) >> (63u - d));
  // k = the integer bits rounded by the first fraction bit; the fraction
  // bits u:v:w (u's top bit 2^-1) are then, as a two's complement
  // number, x (2/π) - k in [-1/2, 1/2).
  ulong u = (t3 << 2) | (t2 >> 62);
  ulong v = (t2 << 2) | (t1 >> 62);
  ulong lw = t1 << 2;
  ulong neg = u >> 63;
  int k = (int)((t3 >> 62) + neg);
  if (neg != 0UL) {
    // The magnitude, to 2^-192 (ones' complement).
    u = ~u;
    v = ~v;
    lw = ~lw;
  }
  if (u == 0UL) { // not reached by any double; kept for safety
    u = v;
    v = lw;
    lw = 0UL;
  }
  // Normalize to u's top bit; f = fh + fl, fh of 26 bits.
  uint s = (uint)clz(u);
  u = (u << s) | ((v >> 1) >> (63u - s));
  v = (v << s) | ((lw >> 1) >> (63u - s));
  double fh = ldexp((double)(u >> 38), -26 - (int)s);
  double fl = ldexp((double)(((u & 0x3fffffffffUL) << 26) | (v >> 38)), -90 - (int)s);
  // r = f π/2 with π/2 = PIO2_A + PIO2_B + PIO2_C (27, 27 and 53
  // bits): fh * PIO2_A and fh * PIO2_B are exact.
  double hi = fh * 0x1.921fb54p+0;
  double lo = fh * 0x1.10b461p-30 + (fl * 0x1.921fb54p+0 + (fh * 0x1.a62633145c06ep-58 + fl * 0x1.10b461p-30));
  double r = hi + lo;
  double rl = (hi - r) + lo;
  if ((neg != 0UL) != (x < 0.0)) {
    r = -r;
    rl = -rl;
  }
  if (x < 0.0) k = -k;
  return (double3)(r, rl, (double)(k & 3));
}

// Cody-Waite for |x| < 2^20: (r_hi, r_lo, k).
double3 __clgo_rem_pio2_d(double x) {
  double k = rint(x * CLGO_2_PI);
  double t = (x - k * PIO2_1) - k * PIO2_2;
  double r = t - k * PIO2_3;
  return (double3)(r, (t - r) - k * PIO2_3, k);
}

double3 __clgo_reduce_d(double x) {
  if (fabs(x) < 0x1p20) return __clgo_rem_pio2_d(x);
  return __clgo_rem_pio2_ph_d(x);
}

// sin and tan of k π/2 + r + l.
double __clgo_sinql_d(double r, double l, int k) {
  int q = k & 3;
  double v = (q & 1) != 0 ? __clgo_coskl_d(r, l) : __clgo_sinkl_d(r, l);
  return q >= 2 ? -v : v;
}

double __clgo_tanql_d(double r, double l, int k) {
  double s = __clgo_sinkl_d(r, l);
  double c = __clgo_coskl_d(r, l);
  return (k & 1) != 0 ? -c / s : s / c;
}

double __clgo_sin_d(double x) {
  if (isinf(x) || isnan(x)) return x - x;
  if (fabs(x) < 0x1p-27) return x;
  double3 rk = __clgo_reduce_d(x);
  return __clgo_sinql_d(rk.x, rk.y, (int)rk.z);
}

double __clgo_cos_d(double x) {
  if (isinf(x) || isnan(x)) return x - x;
  double3 rk = __clgo_reduce_d(x);
  return __clgo_sinql_d(rk.x, rk.y, (int)rk.z + 1);
}

double __clgo_tan_d(double x) {
  if (isinf(x) || isnan(x)) return x - x;
  if (fabs(x) < 0x1p-27) return x;
  double3 rk = __clgo_reduce_d(x);
  return __clgo_tanql_d(rk.x, rk.y, (int)rk.z);
}

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
