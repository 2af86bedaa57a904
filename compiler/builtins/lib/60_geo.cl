// Geometric functions (§6.15.5) of 2-, 3- and 4-vectors, and float hypot.
// GLSL Length/Distance/Normalize square the components as they are: they
// overflow past sqrt(MAX) and lose every bit below sqrt(MIN), and give NaN
// for zero and infinite vectors; §7.5.1 asks for neither overflow nor
// extraordinary loss to underflow. The spec gives no ulp bound; clgo's is
// 3 + n/2 (sqrt and n products and sums).
//
// float: the squares and their sum are exact enough in double (float's
// range squared fits double's), so one sqrt and one rounding: <= 0.5 ulp
// plus 2^-29. double: scaled by 2^-ilogb(max |p_i|) so the largest
// component is in [1, 2), exact, and scaled back once.

// Largest magnitude component.
#define GEO_MAX2(a) fmax((a).x, (a).y)
#define GEO_MAX3(a) fmax(fmax((a).x, (a).y), (a).z)
#define GEO_MAX4(a) fmax(fmax((a).x, (a).y), fmax((a).z, (a).w))

#define GEO_F(N)                                                           \
  float __clgo_length_f##N(float##N p) {                                   \
    double##N d = convert_double##N(p);                                    \
    return (float)sqrt(dot(d, d));                                         \
  }                                                                        \
  float __clgo_distance_f##N(float##N p, float##N q) {                     \
    double##N d = convert_double##N(p) - convert_double##N(q);             \
    return (float)sqrt(dot(d, d));                                         \
  }                                                                        \
  float##N __clgo_normalize_f##N(float##N p) {                             \
    if (any(isnan(p))) return (float##N)(NAN);                             \
    /* §7.5.1: infinite components become ±1, the others ±0 (copysign: \
       a device may fold p * 0 to +0). */                                 \
    if (any(isinf(p))) p = copysign(select((float##N)(0.0f), (float##N)(1.0f), isinf(p)), p); \
    double##N d = convert_double##N(p);                                    \
    double l = sqrt(dot(d, d));                                            \
    /* §6.15.5: a zero vector as it is; where the device flushes, p's \
       subnormals counted as zeros. */                                  \
    if (l == 0.0) return copysign((float##N)(0.0f), p);                    \
    return convert_float##N(d / l);                                        \
  }

GEO_F(2)
GEO_F(3)
GEO_F(4)

#define GEO_D(N)                                                           \
  double __clgo_length_d##N(double##N p) {                                 \
    if (any(isnan(p))) return NAN;                                         \
    double m = GEO_MAX##N(fabs(p));                                        \
    if (isinf(m)) return INFINITY;                                         \
    if (m == 0.0) return 0.0;                                              \
    int e = ilogb(m);                                                      \
    double##N s = ldexp(p, -e);                                            \
    return ldexp(sqrt(dot(s, s)), e);                                      \
  }                                                                        \
  double __clgo_distance_d##N(double##N p, double##N q) {                  \
    return __clgo_length_d##N(p - q);                                      \
  }                                                                        \
  double##N __clgo_normalize_d##N(double##N p) {                           \
    if (any(isnan(p))) return (double##N)(NAN);                            \
    if (any(isinf(p))) p = copysign(select((double##N)(0.0), (double##N)(1.0), isinf(p)), p); \
    double m = GEO_MAX##N(fabs(p));                                        \
    if (m == 0.0) return copysign((double##N)(0.0), p);                    \
    double##N s = ldexp(p, -ilogb(m));                                     \
    return s / sqrt(dot(s, s));                                            \
  }

GEO_D(2)
GEO_D(3)
GEO_D(4)

// hypot in double: exact squares, one sqrt, one rounding.
float __clgo_hypot_f(float x, float y) {
  if (isinf(x) || isinf(y)) return INFINITY; // C99 F.9.4.3, even with NaN
  double dx = x, dy = y;
  return (float)sqrt(dx * dx + dy * dy);
}
