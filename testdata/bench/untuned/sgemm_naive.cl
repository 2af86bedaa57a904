kernel void sgemm(const int M, const int N, const int K, global const float *A, global const float *B, global float *C) {
  int col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (int k = 0; k < K; k++) acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}
//! kernel sgemm
//! global 256,256
//! local 16,16
//! arg int 256
//! arg int 256
//! arg int 256
//! arg buffer<float> 65536 random
//! arg buffer<float> 65536 random
//! arg buffer<float> 65536 out
//! tolerance 1e-4
