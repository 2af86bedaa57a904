//! kernel pragma_unroll
//! global 64
//! arg buffer<int> 64 random(0,100)
//! arg buffer<int> 64 out

// #pragma unroll and #pragma OPENCL FP_CONTRACT are accepted.
#pragma OPENCL FP_CONTRACT OFF
kernel void pragma_unroll(global const int *a, global int *out) {
  int g = get_global_id(0);
  int s = 0;
#pragma unroll
  for (int k = 0; k < 8; k++) s += a[(g + k) & 63];
#pragma unroll 2
  for (int k = 0; k < 4; k++) s *= 2;
  out[g] = s;
}
