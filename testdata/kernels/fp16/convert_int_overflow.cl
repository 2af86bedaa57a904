//! kernel convert_int_overflow
//! global 8
//! arg buffer<long> 8 [-0x8000000000000000,0x7fffffffffffffff,-65520,65520,-65519,-0x80000000,0x7fffffff,-70000]
//! arg buffer<half> 64 out

// int and long to half past half's range: rounding toward zero gives
// +-HALF_MAX, toward +inf -HALF_MAX for negatives and +inf for positives,
// toward -inf the reverse (-0x1p+63 to half rtz is -0x1.ffcp+15, not
// -inf). The reference (PoCL, without cl_khr_fp16) rounds to float in the
// same direction first and then stores with vstore_half_r*, which gives
// the same half: a directed rounding twice in one direction is that
// rounding once.
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif

kernel void convert_int_overflow(global const long *a, global half *out) {
  int i = get_global_id(0);
  long x = a[i];
  int y = (int)clamp(x, (long)INT_MIN, (long)INT_MAX);
  global half *o = out + 8 * i;
#ifdef cl_khr_fp16
  o[0] = convert_half_rtz(x);
  o[1] = convert_half_rtp(x);
  o[2] = convert_half_rtn(x);
  o[3] = convert_half(x);
  o[4] = convert_half_rtz(y);
  o[5] = convert_half_rtp(y);
  o[6] = convert_half_rtn(y);
  o[7] = convert_half(y);
#else
  vstore_half_rtz(convert_float_rtz(x), 0, o);
  vstore_half_rtp(convert_float_rtp(x), 1, o);
  vstore_half_rtn(convert_float_rtn(x), 2, o);
  vstore_half_rte(convert_float_rte(x), 3, o);
  vstore_half_rtz(convert_float_rtz(y), 4, o);
  vstore_half_rtp(convert_float_rtp(y), 5, o);
  vstore_half_rtn(convert_float_rtn(y), 6, o);
  vstore_half_rte(convert_float_rte(y), 7, o);
#endif
}
