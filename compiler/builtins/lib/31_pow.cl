// pow, powr, pown, rootn (OpenCL C §7.4: ≤ 16 ulp) and cbrt (≤ 2 ulp),
// as exp(y log|x|) with C99 F.9.4.4's and §7.5.1's special cases. For
// double results y ln|x| is a double-double (ln|x| to ~2^-72, the product
// exact by Dekker's method), and e^(y ln|x|) is taken from it with one
// rounding: ln|x|'s error is multiplied by |y ln|x|| <= 746, which leaves
// ~2^-62. The float forms are in 33_powf.cl (float arithmetic only);
// cbrt's float form rounds the double one.

bool __clgo_isint_d(double y) { return y == rint(y); }
bool __clgo_isodd_d(double y) { return __clgo_isint_d(y) && y * 0.5 != floor(y * 0.5); }

double __clgo_pow_d(double x, double y) {
  if (y == 0.0 || x == 1.0) return 1.0;
  if (isnan(x) || isnan(y)) return x + y;
  bool odd = __clgo_isodd_d(y);
  if (x == 0.0) {
    if (y < 0.0) return odd ? copysign((double)INFINITY, x) : INFINITY;
    return odd ? x : 0.0;
  }
  double a = fabs(x);
  if (isinf(y)) {
    if (a == 1.0) return 1.0;
    return (a < 1.0) == (y < 0.0) ? INFINITY : 0.0;
  }
  if (isinf(x)) {
    double v = y < 0.0 ? 0.0 : INFINITY;
    return x < 0.0 && odd ? -v : v;
  }
  if (x < 0.0 && !__clgo_isint_d(y)) return NAN;
  double v;
  if (a == 1.0) {
    v = 1.0;
  } else if (fabs(y) > 0x1p900) {
    // |y ln|x|| >= 2^900 ulp(1)/2: far out of range (and too large to
    // split). y is even.
    v = (a < 1.0) == (y < 0.0) ? INFINITY : 0.0;
  } else {
    v = __clgo_dd_exp_d(__clgo_dd_mul_d(__clgo_dd_log(a), y));
  }
  return x < 0.0 && odd ? -v : v;
}

double __clgo_powr_d(double x, double y) {
  if (isnan(x) || isnan(y) || x < 0.0) return x + y + (x < 0.0 ? NAN : 0.0);
  if (x == 0.0) {
    if (y == 0.0) return NAN;
    return y < 0.0 ? INFINITY : 0.0;
  }
  if (isinf(x)) {
    if (y == 0.0) return NAN;
    return y < 0.0 ? 0.0 : INFINITY;
  }
  if (x == 1.0) return isinf(y) ? NAN : 1.0;
  return __clgo_pow_d(x, y);
}

double __clgo_pown_d(double x, int n) {
  if (n == 0) return 1.0;
  return __clgo_pow_d(x, (double)n);
}

double __clgo_rootn_d(double x, int n) {
  if (n == 0 || isnan(x)) return NAN;
  bool odd = (n & 1) != 0;
  if (x < 0.0 && !odd) return NAN;
  if (x == 0.0) {
    if (n < 0) return odd ? copysign((double)INFINITY, x) : INFINITY;
    return odd ? x : 0.0;
  }
  if (isinf(x)) return n < 0 ? copysign(0.0, x) : x;
  double v = __clgo_dd_exp_d(__clgo_dd_div_d(__clgo_dd_log(fabs(x)), (double)n));
  return copysign(v, x);
}

double __clgo_cbrt_d(double x) {
  if (isnan(x) || isinf(x) || x == 0.0) return x;
  double a = fabs(x);
  double r = __clgo_exp_d(__clgo_log_d(a) * (1.0 / 3.0));
  // One Newton step on r³ = a.
  r = r + (a / (r * r) - r) * (1.0 / 3.0);
  return copysign(r, x);
}

float __clgo_cbrt_f(float x) { return (float)__clgo_cbrt_d((double)x); }
