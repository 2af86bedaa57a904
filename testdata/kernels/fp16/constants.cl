//! kernel half_constants
//! global 1
//! arg buffer<float> 16 out

// The half-precision math constants of cl_khr_fp16 (M_*_H) and HALF_*
// limits, widened to float. The reference (PoCL, without cl_khr_fp16)
// rounds the float constants to half through vstore_half/vload_half.
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void half_constants(global float *o) {
  half h[16] = {M_E_H, M_LOG2E_H, M_LOG10E_H, M_LN2_H, M_LN10_H, M_PI_H,
                M_PI_2_H, M_PI_4_H, M_1_PI_H, M_2_PI_H, M_2_SQRTPI_H,
                M_SQRT2_H, M_SQRT1_2_H, HALF_MAX, HALF_MIN, HALF_EPSILON};
  for (int i = 0; i < 16; i++)
    o[i] = (float)h[i];
}
#else
kernel void half_constants(global float *o) {
  float f[16] = {M_E_F, M_LOG2E_F, M_LOG10E_F, M_LN2_F, M_LN10_F, M_PI_F,
                 M_PI_2_F, M_PI_4_F, M_1_PI_F, M_2_PI_F, M_2_SQRTPI_F,
                 M_SQRT2_F, M_SQRT1_2_F, 0x1.ffcp15f, 0x1.0p-14f, 0x1.0p-10f};
  __private ushort b[1];
  for (int i = 0; i < 16; i++) {
    vstore_half(f[i], 0, (__private half *)b);
    o[i] = vload_half(0, (__private half *)b);
  }
}
#endif
