// fmod, remainder, remquo (§7.4: 0 ulp) by long division on the integer
// mantissas: a driver's OpFRem need not be exact (lavapipe's is not).
// fma (correctly rounded) for float: the double sum of the exact double
// product, rounded to odd, then to float once; drivers' Fma need not fuse.

// (r, q) for finite x, y with |x| >= |y| > 0: r = M(x)·2^(E(x)-E(y)) mod
// M(y), q the low bits of the quotient, M the integer mantissa and E the
// exponent field (subnormals: 1). The remainder is r·2^(E(y)-150).
uint2 __clgo_divrem_f(float x, float y) {
  uint ix = as_uint(x) & 0x7fffffffu;
  uint iy = as_uint(y) & 0x7fffffffu;
  int ex = (int)(ix >> 23);
  int ey = (int)(iy >> 23);
  uint mx = ix & 0x7fffffu;
  uint my = iy & 0x7fffffu;
  if (ex != 0) {
    mx |= 0x800000u;
  } else {
    ex = 1;
  }
  if (ey != 0) {
    my |= 0x800000u;
  } else {
    ey = 1;
  }
  int d = ex - ey;
  uint q = mx / my;
  uint r = mx % my;
  // 8 quotient bits a step: r < 2^24, so r << 8 fits 32 bits.
  while (d > 0) {
    int k = min(d, 8);
    uint t = r << k;
    q = (q << k) + t / my;
    r = t % my;
    d -= k;
  }
  return (uint2)(r, q);
}

// The remainder r of __clgo_divrem_f as a float (exact).
float __clgo_remval_f(uint r, float y) {
  int ey = max((int)((as_uint(y) >> 23) & 0xffu), 1);
  return ldexp((float)r, ey - 150);
}

float __clgo_fmod_f(float x, float y) {
  if (isnan(x) || isnan(y) || isinf(x) || y == 0.0f) {
    return as_float(0x7fc00000u);
  }
  if (fabs(x) < fabs(y)) {
    return x; // also ±0 and infinite y
  }
  uint2 rq = __clgo_divrem_f(x, y);
  return copysign(__clgo_remval_f(rq.x, y), x);
}

// remquo: (bits of the remainder, the quotient's sign and low 7 bits).
uint2 __clgo_remquo_f(float x, float y) {
  if (isnan(x) || isnan(y) || isinf(x) || y == 0.0f) {
    return (uint2)(0x7fc00000u, 0u);
  }
  if (isinf(y)) {
    return (uint2)(as_uint(x), 0u);
  }
  float ay = fabs(y);
  float r = fabs(x);
  uint q = 0u;
  if (r >= ay) {
    uint2 rq = __clgo_divrem_f(x, y);
    r = __clgo_remval_f(rq.x, y);
    q = rq.y;
  }
  // Round the quotient to nearest, ties to even; r - ay is exact
  // (Sterbenz) and r + r exact or infinite.
  float r2 = r + r;
  if (r2 > ay || r2 == ay && (q & 1u) != 0u) {
    r = r - ay;
    q += 1u;
  }
  if (as_int(x) < 0) {
    r = -r;
  }
  int qi = (int)(q & 0x7fu);
  if ((as_int(x) ^ as_int(y)) < 0) {
    qi = -qi;
  }
  return (uint2)(as_uint(r), (uint)qi);
}

float __clgo_remainder_f(float x, float y) { return as_float(__clgo_remquo_f(x, y).x); }

ulong2 __clgo_divrem_d(double x, double y) {
  ulong ix = as_ulong(x) & 0x7fffffffffffffffUL;
  ulong iy = as_ulong(y) & 0x7fffffffffffffffUL;
  int ex = (int)(ix >> 52);
  int ey = (int)(iy >> 52);
  ulong mx = ix & 0xfffffffffffffUL;
  ulong my = iy & 0xfffffffffffffUL;
  if (ex != 0) {
    mx |= 0x10000000000000UL;
  } else {
    ex = 1;
  }
  if (ey != 0) {
    my |= 0x10000000000000UL;
  } else {
    ey = 1;
  }
  int d = ex - ey;
  ulong q = mx / my;
  ulong r = mx % my;
  // 11 quotient bits a step: r < 2^53, so r << 11 fits 64 bits.
  while (d > 0) {
    int k = min(d, 11);
    ulong t = r << k;
    q = (q << k) + t / my;
    r = t % my;
    d -= k;
  }
  return (ulong2)(r, q);
}

double __clgo_remval_d(ulong r, double y) {
  int ey = max((int)((as_ulong(y) >> 52) & 0x7ffUL), 1);
  return ldexp((double)r, ey - 1075);
}

double __clgo_fmod_d(double x, double y) {
  if (isnan(x) || isnan(y) || isinf(x) || y == 0.0) {
    return as_double(0x7ff8000000000000UL);
  }
  if (fabs(x) < fabs(y)) {
    return x;
  }
  ulong2 rq = __clgo_divrem_d(x, y);
  return copysign(__clgo_remval_d(rq.x, y), x);
}

ulong2 __clgo_remquo_d(double x, double y) {
  if (isnan(x) || isnan(y) || isinf(x) || y == 0.0) {
    return (ulong2)(0x7ff8000000000000UL, 0UL);
  }
  if (isinf(y)) {
    return (ulong2)(as_ulong(x), 0UL);
  }
  double ay = fabs(y);
  double r = fabs(x);
  ulong q = 0UL;
  if (r >= ay) {
    ulong2 rq = __clgo_divrem_d(x, y);
    r = __clgo_remval_d(rq.x, y);
    q = rq.y;
  }
  double r2 = r + r;
  if (r2 > ay || r2 == ay && (q & 1UL) != 0UL) {
    r = r - ay;
    q += 1UL;
  }
  if (as_long(x) < 0L) {
    r = -r;
  }
  int qi = (int)(q & 0x7fUL);
  if ((as_long(x) ^ as_long(y)) < 0L) {
    qi = -qi;
  }
  return (ulong2)(as_ulong(r), (ulong)(long)qi);
}

double __clgo_remainder_d(double x, double y) { return as_double(__clgo_remquo_d(x, y).x); }

// fma for float: the product is exact in double; the sum is rounded to
// odd (TwoSum's error decides the last bit), so the one rounding to float
// that follows is correct (53 >= 24 + 2 bits).
float __clgo_fma_f(float a, float b, float c) {
  double p = (double)a * (double)b;
  double dc = (double)c;
  double s = p + dc;
  double bb = s - p;
  double e = (p - (s - bb)) + (dc - bb);
  ulong bits = as_ulong(s);
  if (isfinite(s) && e != 0.0 && (bits & 1UL) == 0UL) {
    // One ulp towards the exact sum: up in magnitude when e has s's sign.
    if ((e > 0.0) == (s > 0.0)) {
      bits += 1UL;
    } else {
      bits -= 1UL;
    }
  }
  return (float)as_double(bits);
}
