kernel void dg(const int N, global const double *A, global const double *B, global double *C) {
  int col = get_global_id(0), row = get_global_id(1);
  double acc = 0;
  for (int k = 0; k < N; k++) acc += A[row * N + k] * B[k * N + col];
  C[row * N + col] = acc;
}
//! kernel dg
//! global 256,256
//! local 16,16
//! arg int 256
//! arg buffer<double> 65536 random
//! arg buffer<double> 65536 random
//! arg buffer<double> 65536 out
//! tolerance 1e-10
