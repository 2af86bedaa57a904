// Float logarithms in float arithmetic and integer bit work, no double
// (OpenCL C §7.4: log, log2, log10 ≤ 3 ulp, log1p ≤ 2; a float port of
// this code checked on every input: 0.66, 0.77, 0.69, 0.66 ulp). Devices
// without fp64 use them too.
//
// x = 2^e m with m in [sqrt(1/2), sqrt(2)) from the bits (subnormals
// scaled by 2^23 first), f = m - 1 exact. With s = f/(2+f),
// log(1+f) = f - f²/2 + s(f²/2 + R(s²)), R a degree-3 minimax fit of
// 2 atanh(s)/s - 2 (2^-30 relative). f²/2 = hh + hl with hh =
// hi12(f)²/2 exact, and f - hh is summed with its error, so that
// log(1+f) = v + vlow to about 2^-29 relative; e*log(2) + v (scaled by
// log2(e) or log10(e) through exact 12-bit products) is summed with its
// error too. Constants are those of 13_expf.cl.

#define LOG2EF_H12 0x1.714p+0f
#define LOG2EF_L12 0x1.47652cp-12f
#define LOG10EF 0x1.bcb7b2p-2f
#define LOG10EF_H12 0x1.bcap-2f
#define LOG10EF_L12 0x1.7b1526p-14f

// (e, m - 1) of x = 2^e m, m in [sqrt(1/2), sqrt(2)), for finite x > 0.
float2 __clgo_logsplit_f(float x) {
  bool sub = x < 0x1p-126f;
  int ix = as_int(sub ? x * 0x1p23f : x) - 0x3f3504f3;
  int e = (ix >> 23) - (sub ? 23 : 0);
  return (float2)((float)e, as_float((ix & 0x7fffff) + 0x3f3504f3) - 1.0f);
}

// (v, vlow) with log(1 + f) = v + vlow, for f in [sqrt(1/2)-1, sqrt(2)-1].
float2 __clgo_log1pk_f(float f) {
  float s = f / (2.0f + f);
  float z = s * s;
  float R = z * (0x1.55557ap-1f + z * (0x1.995eb6p-2f + z * 0x1.31e34cp-2f));
  float fh = __clgo_hi12_f(f);
  float hh = 0.5f * fh * fh;
  float hl = 0.5f * (f - fh) * (f + fh);
  float v = f - hh;
  return (float2)(v, ((f - v) - hh) + (s * ((hh + hl) + R) - hl));
}

// NaN and +inf give x, ±0 -inf, x < 0 NaN.
#define LOGF_EDGES(x, r)                  \
  r = x < INFINITY ? r : x;               \
  r = x == 0.0f ? -INFINITY : r;          \
  r = x < 0.0f ? NAN : r;

float __clgo_log_f(float x) {
  float2 em = __clgo_logsplit_f(x);
  float2 p = __clgo_log1pk_f(em.y);
  float a = em.x * LN2F_HI;
  float u = a + p.x;
  float r = u + (((p.x - (u - a)) + em.x * LN2F_LO) + p.y);
  LOGF_EDGES(x, r)
  return r;
}

float __clgo_log2_f(float x) {
  float2 em = __clgo_logsplit_f(x);
  float2 p = __clgo_log1pk_f(em.y);
  float vh = __clgo_hi12_f(p.x);
  float b = vh * LOG2EF_H12;
  float u = em.x + b;
  float r = u + ((((b - (u - em.x)) + p.x * LOG2EF_L12) + (p.x - vh) * LOG2EF_H12) + p.y * LOG2EF);
  LOGF_EDGES(x, r)
  return r;
}

float __clgo_log10_f(float x) {
  float2 em = __clgo_logsplit_f(x);
  float2 p = __clgo_log1pk_f(em.y);
  float vh = __clgo_hi12_f(p.x);
  float a = em.x * LOG10_2F_HI;
  float b = vh * LOG10EF_H12;
  float u = a + b;
  float r = u + (((((b - (u - a)) + em.x * LOG10_2F_LO) + p.x * LOG10EF_L12) + (p.x - vh) * LOG10EF_H12) +
                 p.y * LOG10EF);
  LOGF_EDGES(x, r)
  return r;
}

// log1p(x) = log(u) + c/u for u = 1 + x and c = x - (u - 1), the part of
// x that u lost; where u's exponent is 0, f = x exactly and c = 0.
float __clgo_log1p_f(float x) {
  float u = 1.0f + x;
  float2 em = __clgo_logsplit_f(u);
  bool e0 = em.x == 0.0f;
  float2 p = __clgo_log1pk_f(e0 ? x : em.y);
  float c = e0 ? 0.0f : (x - (u - 1.0f)) / u;
  float a = em.x * LN2F_HI;
  float s = a + p.x;
  float r = s + (((p.x - (s - a)) + (em.x * LN2F_LO + c)) + p.y);
  r = x < INFINITY ? r : x;
  r = x == -1.0f ? -INFINITY : r;
  r = x < -1.0f ? NAN : r;
  return fabs(x) < 0x1p-24f ? x : r;
}
