//! kernel vector
//! global 64
//! local 16
//! arg buffer<half> 1024 random(-8,8)
//! arg buffer<half> 1024 out
//! arg buffer<short> 1024 out

// half8 and half16 arithmetic, swizzles, __local half arrays, select and
// relational builtins on halfn (shortn results: -1 for true). The
// reference (PoCL, without cl_khr_fp16) computes in float and rounds to
// half after every operation; its relational results are ints.
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef half8 H8;
typedef short8 S8;
#define R8(x) (x)
#define LD8(i, p) vload8(i, p)
#define ST8(v, i, p) vstore8(v, i, p)
#define LOCAL_T half
#define LDL(i, p) ((p)[i])
#define STL(v, i, p) ((p)[i] = (v))
#else
typedef float8 H8;
typedef int8 S8;
float R(float x) {
  uint t;
  vstore_half(x, 0, (half *)&t);
  return vload_half(0, (half *)&t);
}
float8 R8(float8 x) {
  return (float8)(R(x.s0), R(x.s1), R(x.s2), R(x.s3), R(x.s4), R(x.s5), R(x.s6), R(x.s7));
}
#define LD8(i, p) vload_half8(i, p)
#define ST8(v, i, p) vstore_half8(v, i, p)
#define LOCAL_T ushort
#define LDL(i, p) vload_half(i, (local half *)(p))
#define STL(v, i, p) vstore_half(v, i, (local half *)(p))
#endif

kernel void vector(global half *a, global half *out, global short *flags) {
  local LOCAL_T tile[16 * 8];
  int i = get_global_id(0), l = get_local_id(0);
  H8 x = LD8(2 * i, a), y = LD8(2 * i + 1, a);
  H8 s = R8(R8(x * y) - x);
  H8 sw = R8(x.s76543210 + y.s01234567);
  for (int k = 0; k < 8; k++)
    STL(s[k], 8 * l + k, tile);
  barrier(CLK_LOCAL_MEM_FENCE);
  H8 nb;
  for (int k = 0; k < 8; k++)
    nb[k] = LDL(8 * ((l + 1) & 15) + k, tile);
  S8 lt = isless(x, y);
  S8 ge = isgreaterequal(x, (H8)0.0f);
  H8 sel = select(x, y, lt);
  ST8(s, 2 * i, out);
  ST8(R8(R8(sw + nb) + sel), 2 * i + 1, out);
  short8 f = convert_short8(lt & (S8)1) + (short8)2 * convert_short8(ge & (S8)1);
  f += (short8)4 * (short)(any(lt) & 1) + (short8)8 * (short)(all(ge) & 1);
  vstore8(f, i, flags);
  flags[512 + i] = signbit(x.s3) & 1;
}
