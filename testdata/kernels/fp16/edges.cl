//! kernel edges
//! global 65536
//! local 64
//! arg buffer<half> 524288 out
//! arg buffer<float> 131072 out
//! arg buffer<int> 262144 out

// Every half bit pattern x (work-item i holds as_half(i)) against a y that
// is, for the first half of the items, one of 16 edge values (zeros,
// subnormals, the smallest normal, 1 and its neighbour, 2048 where the
// spacing becomes 2, the largest half, infinities, a NaN) and, for the
// second half, every pattern once (i * 40503 is a permutation). Results:
// + - * / and negation rounded to half, fmin, floor, float to half at a
// tie, just below it and at half the value (subnormal ties), int to half
// (odd ints above 2048 are ties; beyond 65519 infinities), half to float
// and to int (saturating), comparisons and classes. The reference (PoCL,
// without cl_khr_fp16) computes in float and rounds to half through
// vstore_half after every operation: for + - * / that is the correctly
// rounded half result (float keeps more than 2*11+2 bits). NaNs match any
// NaN. The host driver's tiers must agree bit for bit (tierdiff_test.go).
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef half H;
#define R(x) (x)
#define ST(v, i, p) ((p)[i] = (v))
#define BITS(u) as_half((ushort)(u))
#define TOH(f) convert_half(f)
#else
typedef float H;
float R(float x) {
  uint t;
  vstore_half(x, 0, (half *)&t);
  return vload_half(0, (half *)&t);
}
#define ST(v, i, p) vstore_half(v, i, p)
float BITS(uint u) {
  ushort t = (ushort)u;
  return vload_half(0, (half *)&t);
}
#define TOH(f) R(f)
#endif

kernel void edges(global half *hout, global float *fout, global int *iout) {
  uint i = get_global_id(0);
  ushort edge[16] = {0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x3c01,
                     0x6800, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x3800, 0x4200};
  H x = BITS(i);
  H y = BITS(i < 32768 ? (uint)edge[i & 15] : (i * 40503u) & 0xffff);
  uint o = 8 * i;
  // Of two NaN operands, + and * give either one: the interpreter's Go
  // loops differ in which (the compiler may swap commutative operands),
  // so x is stored there instead.
  int nn = isnan(x) && isnan(y);
  ST(nn ? x : R(x + y), o + 0, hout);
  ST(R(x - y), o + 1, hout);
  ST(nn ? x : R(x * y), o + 2, hout);
  ST(R(x / y), o + 3, hout);
  ST(R(-x), o + 4, hout);
  ST(R(fmin(x, y)), o + 5, hout);
  ST(R(floor(x)), o + 6, hout);
  // Float to half: a tie between x and its neighbour (normal x), a
  // float just below it, and x/2 (a subnormal tie for odd subnormals).
  float fx = (float)x;
  float tie = as_float(as_uint(fx) | 0x1000);
  float below = as_float(as_uint(fx) | 0x0fff);
  H t = TOH(tie), b = TOH(below), h = TOH(fx * 0.5f);
  ST((i & 1) ? t : b, o + 7, hout);
  // int to half, -32768..32767 (ties above 2048) and scaled past 65519.
  int k = (int)i - 32768;
  fout[2 * i] = (float)TOH((float)k) + (float)h;
  fout[2 * i + 1] = (float)TOH((float)(k * 3));
  iout[4 * i] = convert_int_sat(x);
  iout[4 * i + 1] = convert_int_sat_rte(R(x * y));
  iout[4 * i + 2] = (x < y) + 2 * (x == y) + 4 * (x != y) + 8 * (x >= y);
  iout[4 * i + 3] = (isnan(x) ? 1 : 0) + (isinf(x) ? 2 : 0) + (signbit(x) ? 4 : 0) + (isfinite(y) ? 8 : 0);
}
