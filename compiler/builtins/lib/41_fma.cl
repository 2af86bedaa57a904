// fma for double (§7.4: correctly rounded) on integers, for devices whose
// GLSL.std.450 Fma rounds the product first (lavapipe's does). The 106-bit
// product of the mantissas is exact on 32-bit limbs; the addend is
// aligned to it in 128 bits, shifted-out bits jammed into the lowest one,
// and the sum is rounded once, to nearest even, in the normal or the
// subnormal range. 128-bit values are ulong2: x the low, y the high half.

// v << n for 0 <= n < 128 (OpenCL C takes shift counts modulo the width,
// so 0 and 64 and above are cases of their own).
ulong2 __clgo_shl128(ulong2 v, int n) {
  if (n == 0) {
    return v;
  }
  if (n < 64) {
    return (ulong2)(v.x << n, (v.y << n) | (v.x >> (64 - n)));
  }
  return (ulong2)(0UL, v.x << (n - 64));
}

// v >> n for n >= 0, the bits shifted out ORed into bit 0 ("jammed"): a
// sum or difference with an operand whose bit 0 is clear then lies
// between the same two even numbers as the exact one, so rounding at bit
// 1 or above is not changed.
ulong2 __clgo_shrjam128(ulong2 v, int n) {
  if (n == 0) {
    return v;
  }
  if (n < 64) {
    ulong lost = v.x << (64 - n);
    return (ulong2)((v.x >> n) | (v.y << (64 - n)) | (lost != 0UL ? 1UL : 0UL), v.y >> n);
  }
  if (n < 128) {
    ulong lost = v.x;
    if (n > 64) {
      lost |= v.y << (128 - n);
    }
    return (ulong2)((v.y >> (n - 64)) | (lost != 0UL ? 1UL : 0UL), 0UL);
  }
  return (ulong2)((v.x | v.y) != 0UL ? 1UL : 0UL, 0UL);
}

// The number of leading zero bits of v.
int __clgo_clz128(ulong2 v) {
  if (v.y != 0UL) {
    return (int)clz(v.y);
  }
  return 64 + (int)clz(v.x);
}

double __clgo_fma_d(double a, double b, double c) {
  ulong ua = as_ulong(a);
  ulong ub = as_ulong(b);
  ulong uc = as_ulong(c);
  ulong xa = ua & 0x7fffffffffffffffUL;
  ulong xb = ub & 0x7fffffffffffffffUL;
  ulong xc = uc & 0x7fffffffffffffffUL;
  ulong inf = 0x7ff0000000000000UL;
  if (xa > inf || xb > inf || xc > inf) {
    return a + b + c; // a NaN
  }
  if (xa == inf || xb == inf) {
    return a * b + c; // an exact infinity (or inf*0: NaN), plus c
  }
  if (xc == inf) {
    return c; // a*b is finite, even where it would overflow
  }
  ulong sp = (ua ^ ub) & 0x8000000000000000UL;
  ulong sc = uc & 0x8000000000000000UL;
  if (xa == 0UL || xb == 0UL) {
    // An exact zero product: c, or a zero negative only if both are.
    return xc == 0UL ? as_double(sp & sc) : c;
  }
  int ea = (int)(xa >> 52);
  int eb = (int)(xb >> 52);
  int ec = (int)(xc >> 52);
  ulong ma = xa & 0xfffffffffffffUL;
  ulong mb = xb & 0xfffffffffffffUL;
  ulong mc = xc & 0xfffffffffffffUL;
  // Mantissas with the implicit bit; a subnormal counts as exponent 1.
  if (ea != 0) {
    ma |= 0x10000000000000UL;
  } else {
    ea = 1;
  }
  if (eb != 0) {
    mb |= 0x10000000000000UL;
  } else {
    eb = 1;
  }
  if (ec != 0) {
    mc |= 0x10000000000000UL;
  } else {
    ec = 1;
  }
  // The exact product ma*mb < 2^106 from 21- and 32-bit limbs.
  ulong al = ma & 0xffffffffUL;
  ulong ah = ma >> 32;
  ulong bl = mb & 0xffffffffUL;
  ulong bh = mb >> 32;
  ulong lo = al * bl;
  ulong mid = ah * bl + al * bh; // < 2^54
  ulong plo = lo + (mid << 32);
  ulong phi = ah * bh + (mid >> 32) + (plo < lo ? 1UL : 0UL);
  // Both operands as 128-bit values M·2^E with the top bit at 125 (room
  // for the carry of the sum): the product's lowest bit is then at 20 or
  // above and c's at 73 or above, so either is even where the other is
  // jammed.
  ulong2 p = (ulong2)(plo, phi);
  int np = __clgo_clz128(p) - 2;
  p = __clgo_shl128(p, np);
  int ep = ea + eb - 2150 - np;
  ulong2 q = (ulong2)(0UL, 0UL);
  int eq = -100000; // c = 0: below everything, shifted out to nothing
  if (xc != 0UL) {
    int nq = (int)clz(mc) + 62;
    q = __clgo_shl128((ulong2)(mc, 0UL), nq);
    eq = ec - 1075 - nq;
  }
  // x: the operand of the larger exponent; y aligned to it.
  ulong2 x = p;
  ulong2 y = q;
  ulong sx = sp;
  ulong sy = sc;
  int e = ep;
  if (eq > ep) {
    x = q;
    y = p;
    sx = sc;
    sy = sp;
    e = eq;
  }
  y = __clgo_shrjam128(y, e - min(ep, eq));
  ulong2 r;
  ulong sign = sx;
  if (sx == sy) {
    r.x = x.x + y.x;
    r.y = x.y + y.y + (r.x < x.x ? 1UL : 0UL);
  } else {
    if (x.y < y.y || x.y == y.y && x.x < y.x) {
      // Only with equal exponents: nothing was jammed.
      ulong2 t = x;
      x = y;
      y = t;
      sign = sy;
    }
    r.x = x.x - y.x;
    r.y = x.y - y.y - (x.x < y.x ? 1UL : 0UL);
    if (r.x == 0UL && r.y == 0UL) {
      return 0.0; // an exact cancellation: +0 when rounding to nearest
    }
  }
  // Round r·2^e to 53 bits, or to the subnormals' unit 2^-1074: drop s
  // bits, keeping two more (round bit, then jammed sticky) in v.
  int msb = 127 - __clgo_clz128(r);
  int s = max(msb - 52, -1074 - e);
  ulong v;
  if (s >= 2) {
    v = __clgo_shrjam128(r, s - 2).x;
  } else {
    v = __clgo_shl128(r, 2 - s).x; // exact: at most 55 bits
  }
  ulong m = v >> 2;
  ulong g = v & 3UL;
  if (g == 3UL || g == 2UL && (m & 1UL) != 0UL) {
    m += 1UL;
  }
  // m·2^(e+s): a normal m has its implicit bit 2^52, which adds one to
  // the exponent field e+s+1074 (0 for subnormals); a carry of the
  // rounding goes on into the exponent, up to infinity.
  int k = e + s + 1074;
  if (k > 2046) {
    return as_double(sign | inf);
  }
  ulong bits = ((ulong)k << 52) + m;
  return as_double(sign | min(bits, inf));
}
