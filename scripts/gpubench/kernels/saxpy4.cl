//! kernel saxpy4
//! global 262144
//! local 128
//! arg int 1048576
//! arg float 0.5
//! arg buffer<float4> 262144 random
//! arg buffer<float4> 262144 random
//! tolerance 1e-6

// CLBlast 1.5's XaxpyFastest at VW 4, WGS 128, WPT 1 (y += alpha * x in
// float4), as CLBlastSaxpy runs it: on the H200 it ran at 0.42 of NVIDIA's
// OpenCL through CLBlast; this file times the kernel alone.
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void saxpy4(const int n, const float alpha, const __global float4* restrict xgm, __global float4* ygm) {
  #pragma unroll
  for (int w = 0; w < 1; w += 1) {
    const int id = w * get_global_size(0) + get_global_id(0);
    float4 x = xgm[id];
    float4 y = ygm[id];
    y.x += alpha * x.x;
    y.y += alpha * x.y;
    y.z += alpha * x.z;
    y.w += alpha * x.w;
    ygm[id] = y;
  }
}
