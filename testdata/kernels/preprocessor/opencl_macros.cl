//! kernel opencl_macros
//! global 1
//! arg buffer<int> 8 out

// Predefined macros of OpenCL C: __OPENCL_VERSION__, CL_VERSION_1_2, __OPENCL_C_VERSION__, __LINE__, __kernel_exec.
kernel void opencl_macros(global int *out) {
#ifdef __OPENCL_VERSION__
  out[0] = __OPENCL_VERSION__ >= 120;
#else
  out[0] = -1;
#endif
  out[1] = CL_VERSION_1_2;
  out[2] = CL_VERSION_1_0 + CL_VERSION_1_1;
#if defined(__OPENCL_C_VERSION__)
  out[3] = __OPENCL_C_VERSION__ >= 120;
#else
  out[3] = 1;
#endif
  out[4] = __LINE__;
#ifdef __ENDIAN_LITTLE__
  out[5] = __ENDIAN_LITTLE__;
#else
  out[5] = 0;
#endif
  out[6] = CL_VERSION_1_2 - CL_VERSION_1_1;
  out[7] = sizeof(__FILE__) > 1;
}
