//! kernel math_constants
//! global 1
//! arg buffer<float> 16 out
//! arg buffer<int> 8 out

// Math constants and limits: M_PI_F, M_E_F, FLT_*, MAXFLOAT, INFINITY, NAN, HUGE_VALF, INT_MIN, CHAR_BIT.
kernel void math_constants(global float *o, global int *io) {
  o[0] = M_PI_F; o[1] = M_E_F; o[2] = M_SQRT2_F; o[3] = M_LN2_F;
  o[4] = FLT_MAX; o[5] = FLT_MIN; o[6] = FLT_EPSILON; o[7] = MAXFLOAT;
  o[8] = INFINITY; o[9] = NAN; o[10] = HUGE_VALF; o[11] = M_1_PI_F;
  o[12] = M_LOG2E_F; o[13] = M_PI_2_F; o[14] = M_2_SQRTPI_F; o[15] = -INFINITY;
  io[0] = INT_MIN; io[1] = INT_MAX; io[2] = CHAR_BIT; io[3] = SHRT_MIN;
  io[4] = UCHAR_MAX; io[5] = FLT_DIG; io[6] = FLT_MANT_DIG; io[7] = SCHAR_MIN;
}
