// sin, cos, tan, sincos and sinpi, cospi, tanpi for
// float in float arithmetic and integer bit work, no double (OpenCL C
// §7.4: ≤ 4, 4, 5 and 4, 4, 6 ulp; these stay near 1 ulp; edge cases
// §7.5.1). Devices without fp64 use them too.
//
// x = k π/2 + r_h + r_l, |r| <= π/4, r to about 2^-60 absolute:
// below 2^13, Cody-Waite with π/2 = PIO2F_1 + PIO2F_2 + PIO2F_3 +
// PIO2F_4 (8, 11, 24 and 24 bits): k has at most 13 bits, so k*PIO2F_1
// and k*PIO2F_2 are exact; x - k*PIO2F_1 is exact (Sterbenz), and so is
// the next difference (both are multiples of ulp(x) or 2^-22, and it is
// below 1); k*PIO2F_3 is an exact Dekker product and the last difference
// keeps its error.
// Above, Payne-Hanek on 32-bit integers: x = m 2^q (m of 24 bits) times
// 96 bits of 2/π from bit q - 1 on (earlier bits add multiples of 4),
// the window picked from five by a switch and shifted into place; the
// low 96 bits of the product are x (2/π) mod 4 with 94 fraction bits
// (the bits after the window add less than 2^-70, and |x (2/π) - k| is
// above 2^-32 for every float). sin and cos of r_h + r_l by their Taylor
// series (to r^11 and r^12: 2^-36 and 2^-33 relative on |r| <= π/4), with
// r_l in the first-order terms and cos's 1 - r²/2 from an exact square,
// each as a head and a tail rounded once at the end; tan divides the two
// pairs with the quotient's exact residual. No fma (lavapipe's does not
// fuse; the lowering marks this arithmetic NoContraction).

#define PIO2F_1 0x1.92p+0f
#define PIO2F_2 0x1.fb4p-12f
#define PIO2F_3 0x1.4442d2p-24f
#define PIO2F_4 -0x1.ee59dap-50f
#define PIO2F 0x1.921fb6p+0f
#define PIO2F_LO -0x1.777a5cp-25f
#define PIF 0x1.921fb6p+1f
#define PIF_LO -0x1.777a5cp-24f
#define TWO_OVER_PIF 0x1.45f306p-1f

// (p, e) with p = a*b rounded and a*b = p + e exactly (Dekker's product
// with 12-bit halves: every partial product is exact). 33_powf.cl uses
// it too.
float2 __clgo_mul12_f(float a, float b) {
  float ah = __clgo_hi12_f(a);
  float al = a - ah;
  float bh = __clgo_hi12_f(b);
  float bl = b - bh;
  float p = a * b;
  return (float2)(p, (((ah * bh - p) + ah * bl) + al * bh) + al * bl);
}

// (s, e) with s = a + b rounded and a + b = s + e exactly (Knuth's
// two-sum).
float2 __clgo_add12_f(float a, float b) {
  float s = a + b;
  float bb = s - a;
  return (float2)(s, (a - (s - bb)) + (b - bb));
}

// h + l normalized: (h + l rounded, the rest), for |l| below about |h|.
float2 __clgo_norm12_f(float h, float l) {
  float s = h + l;
  return (float2)(s, l - (s - h));
}

// Cody-Waite for |x| < 2^13: (r_h, r_l, k).
float3 __clgo_rem_pio2cw_f(float x) {
  float k = rint(x * TWO_OVER_PIF);
  float b = (x - k * PIO2F_1) - k * PIO2F_2;
  float2 p = __clgo_mul12_f(k, PIO2F_3);
  float2 c = __clgo_add12_f(b, -p.x);
  float2 r = __clgo_norm12_f(c.x, (c.y - p.y) - k * PIO2F_4);
  return (float3)(r.x, r.y, k);
}

// Bits 32(j-1)+1 .. 32(j+3) of 2/π (bit p weighs 2^-p) as four words,
// most significant first, for j = 0..4; word 0 is the zero bits above
// the binary point. Enough for every finite float from 2^13 on.
uint4 __clgo_2opi_w32(int j) {
  switch (j) {
  case 0:
    return (uint4)(0u, 0xa2f9836eu, 0x4e441529u, 0xfc2757d1u);
  case 1:
    return (uint4)(0xa2f9836eu, 0x4e441529u, 0xfc2757d1u, 0xf534ddc0u);
  case 2:
    return (uint4)(0x4e441529u, 0xfc2757d1u, 0xf534ddc0u, 0xdb629599u);
  case 3:
    return (uint4)(0xfc2757d1u, 0xf534ddc0u, 0xdb629599u, 0x3c439041u);
  }
  return (uint4)(0xf534ddc0u, 0xdb629599u, 0x3c439041u, 0xfe5163abu);
}

// Payne-Hanek for finite |x| >= 2^13: (r_h, r_l, k mod 4).
float3 __clgo_rem_pio2ph_f(float x) {
  uint bits = as_uint(x);
  int q = (int)((bits >> 23) & 0xffu) - 150;
  uint m = (bits & 0x7fffffu) | 0x800000u;
  // The window starts at bit P = q - 1: word j holds it, b bits before it.
  int j = ((q - 2) >> 5) + 1;
  uint b = (uint)(q - 2) & 31u;
  uint4 w = __clgo_2opi_w32(j);
  // Shift left by b; (a >> 1) >> (31 - b) is a >> (32 - b), and 0 for
  // b = 0 (shift counts wrap at 32).
  uint w0 = (w.x << b) | ((w.y >> 1) >> (31u - b));
  uint w1 = (w.y << b) | ((w.z >> 1) >> (31u - b));
  uint w2 = (w.z << b) | ((w.w >> 1) >> (31u - b));
  // m (w0:w1:w2) mod 2^96 = hi:mid:lo; hi's top two bits are the integer
  // part mod 4.
  uint lo = m * w2;
  uint t = m * w1;
  uint mid = t + mul_hi(m, w2);
  uint hi = m * w0 + mul_hi(m, w1) + (mid < t ? 1u : 0u);
  // k = the integer bits rounded by the first fraction bit; the fraction
  // bits u:v (u's top bit 2^-1) are then, as a two's complement number,
  // x (2/π) - k in [-1/2, 1/2).
  uint u = (hi << 2) | (mid >> 30);
  uint v = (mid << 2) | (lo >> 30);
  uint neg = u >> 31;
  int k = (int)((hi >> 30) + neg);
  if (neg != 0u) {
    // The magnitude, to 2^-64 (ones' complement).
    u = ~u;
    v = ~v;
  }
  int e = 0;
  if (u == 0u) {
    u = v;
    v = 0u;
    e = 32;
  }
  uint s = (uint)clz(u);
  u = (u << s) | ((v >> 1) >> (31u - s));
  v = v << s;
  e += (int)s;
  // f = fh + fl, fh of 24 bits; r = f π/2.
  float fh = (float)(u >> 8) * __clgo_pow2i_f(-24 - e);
  float fl = (float)((u << 24) | (v >> 8)) * __clgo_pow2i_f(-56 - e);
  float2 p = __clgo_mul12_f(fh, PIO2F);
  float2 r = __clgo_norm12_f(p.x, p.y + (fh * PIO2F_LO + fl * PIO2F));
  if ((neg != 0u) != (x < 0.0f)) r = -r;
  if (x < 0.0f) k = -k;
  return (float3)(r.x, r.y, (float)(k & 3));
}

float3 __clgo_reduce_f(float x) {
  if (fabs(x) < 0x1p13f) return __clgo_rem_pio2cw_f(x);
  return __clgo_rem_pio2ph_f(x);
}

// sin(h + l) as a head and a tail (not normalized: the tail is below
// h/6), |h + l| <= π/4 (and a little over).
float2 __clgo_sink_f(float h, float l) {
  float z = h * h;
  float p = -0x1.555556p-3f + z * (0x1.111112p-7f + z * (-0x1.a01a02p-13f + z * (0x1.71de3ap-19f + z * -0x1.ae6456p-26f)));
  return (float2)(h, l * (1.0f - 0.5f * z) + (h * z) * p);
}

// cos(h + l) as a head and a tail: 1 - h²/2 from the exact square, the
// rest in float.
float2 __clgo_cosk_f(float h, float l) {
  float2 z = __clgo_mul12_f(h, h);
  float hz = 0.5f * z.x;
  float w = 1.0f - hz;
  float c = 0x1.555556p-5f + z.x * (-0x1.6c16c2p-10f + z.x * (0x1.a01a02p-16f + z.x * (-0x1.27e4fcp-22f + z.x * 0x1.1eed8ep-29f)));
  return (float2)(w, ((1.0f - w) - hz) + (((z.x * z.x) * c - 0.5f * z.y) - h * l));
}

// (n.x + n.y) / (d.x + d.y), rounded once: the pairs normalized, q =
// n.x / d.x plus the exact residual's quotient.
float __clgo_div12_f(float2 n, float2 d) {
  n = __clgo_norm12_f(n.x, n.y);
  d = __clgo_norm12_f(d.x, d.y);
  float q = n.x / d.x;
  float2 p = __clgo_mul12_f(q, d.x);
  return q + (((n.x - p.x) - p.y) + (n.y - q * d.y)) / d.x;
}

// sin of k π/2 + r.
float __clgo_sinq_f(float3 rk) {
  int q = (int)rk.z & 3;
  float2 v = (q & 1) != 0 ? __clgo_cosk_f(rk.x, rk.y) : __clgo_sink_f(rk.x, rk.y);
  float s = v.x + v.y;
  return q >= 2 ? -s : s;
}

float __clgo_sin_f(float x) {
  if (!(fabs(x) < INFINITY)) return x - x;
  float v = __clgo_sinq_f(__clgo_reduce_f(x));
  // sin x = x to a third of an ulp (and ±0 keeps its sign).
  return fabs(x) < 0x1p-12f ? x : v;
}

float __clgo_cos_f(float x) {
  if (!(fabs(x) < INFINITY)) return x - x;
  float3 rk = __clgo_reduce_f(x);
  rk.z += 1.0f;
  return __clgo_sinq_f(rk);
}

float __clgo_tan_f(float x) {
  if (!(fabs(x) < INFINITY)) return x - x;
  float3 rk = __clgo_reduce_f(x);
  float2 s = __clgo_sink_f(rk.x, rk.y);
  float2 c = __clgo_cosk_f(rk.x, rk.y);
  float v = ((int)rk.z & 1) != 0 ? -__clgo_div12_f(c, s) : __clgo_div12_f(s, c);
  return fabs(x) < 0x1p-12f ? x : v;
}

// (sin x, cos x) from one reduction (sincos).
float2 __clgo_sincos_f(float x) {
  if (!(fabs(x) < INFINITY)) return (float2)(x - x, x - x);
  float3 rk = __clgo_reduce_f(x);
  float2 s = __clgo_sink_f(rk.x, rk.y);
  float2 c = __clgo_cosk_f(rk.x, rk.y);
  float sv = s.x + s.y;
  float cv = c.x + c.y;
  // sin and cos of k π/2 + r: q = 0: (s, c), 1: (c, -s), 2: (-s, -c),
  // 3: (-c, s).
  int q = (int)rk.z & 3;
  bool odd = (q & 1) != 0;
  float sn = odd ? cv : sv;
  float cs = odd ? sv : cv;
  sn = q >= 2 ? -sn : sn;
  cs = q == 1 || q == 2 ? -cs : cs;
  return (float2)(fabs(x) < 0x1p-12f ? x : sn, cs);
}

// π a as a head and a tail.
float2 __clgo_pimul_f(float a) {
  float2 p = __clgo_mul12_f(a, PIF);
  return (float2)(p.x, p.y + a * PIF_LO);
}

// π a for |a| < 2^-100 (sin(π a) and tan(π a) to 2^-200 relative): the
// product's tail would fall into the subnormals, so it is taken at a
// 2^64 and scaled back (exact unless the result is subnormal).
float __clgo_pitiny_f(float a) {
  float2 p = __clgo_pimul_f(a * 0x1p64f);
  return (p.x + p.y) * 0x1p-64f;
}

// sin(π a) for |a| <= 1/2 by the nearer kernel (1/2 - |a| is exact).
float __clgo_sinpik_f(float a) {
  float aa = fabs(a);
  float2 p = __clgo_pimul_f(aa <= 0.25f ? aa : 0.5f - aa);
  float2 v = aa <= 0.25f ? __clgo_sink_f(p.x, p.y) : __clgo_cosk_f(p.x, p.y);
  return copysign(v.x + v.y, a);
}

// r = x - 2 rint(x/2) is exact, in [-1, 1]; 1 - |r| too.
float __clgo_sinpi_f(float x) {
  if (!(fabs(x) < INFINITY)) return x - x;
  float r = x - 2.0f * rint(0.5f * x);
  float a = fabs(r);
  a = a > 0.5f ? 1.0f - a : a;
  // sinpi(±n) is ±0 by the sign of x (§7.5.1).
  if (a == 0.0f) return copysign(0.0f, x);
  return copysign(a < 0x1p-100f ? __clgo_pitiny_f(a) : __clgo_sinpik_f(a), r);
}

// cos(π r) for r <= 1/4, else sin(π (1/2 - r)) (exact for r in [1/4,
// 1]); cospi(n + 1/2) is +0.
float __clgo_cospi_f(float x) {
  if (!(fabs(x) < INFINITY)) return x - x;
  float r = fabs(x - 2.0f * rint(0.5f * x));
  float2 p = __clgo_pimul_f(r);
  float2 c = __clgo_cosk_f(p.x, p.y);
  float d = 0.5f - r;
  float v = r <= 0.25f ? c.x + c.y : __clgo_sinpik_f(d);
  return d == 0.0f ? 0.0f : v;
}

float __clgo_tanpi_f(float x) {
  if (!(fabs(x) < INFINITY)) return x - x;
  float k = rint(x);
  float r = x - k;
  bool odd = k * 0.5f != floor(k * 0.5f);
  if (r == 0.0f) return odd ? copysign(0.0f, -x) : copysign(0.0f, x);
  float a = fabs(r);
  if (a == 0.5f) {
    float n = x - 0.5f;
    return n * 0.5f == floor(n * 0.5f) ? INFINITY : -INFINITY;
  }
  bool near = a <= 0.25f;
  float2 p = __clgo_pimul_f(near ? a : 0.5f - a);
  float2 s = __clgo_sink_f(p.x, p.y);
  float2 c = __clgo_cosk_f(p.x, p.y);
  float v = near ? __clgo_div12_f(s, c) : __clgo_div12_f(c, s);
  return copysign(a < 0x1p-100f ? __clgo_pitiny_f(a) : v, r);
}
