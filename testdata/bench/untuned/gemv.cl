kernel void gemv(const int m, const int n, global const float *a, global const float *x, global float *y) {
  int row = get_global_id(0);
  if (row >= m) return;
  float acc = 0.0f;
  for (int j = 0; j < n; j++) acc += a[row * n + j] * x[j];
  y[row] = acc;
}
//! kernel gemv
//! global 2048
//! local 64
//! arg int 2048
//! arg int 1024
//! arg buffer<float> 2097152 random
//! arg buffer<float> 1024 random
//! arg buffer<float> 2048 out
//! tolerance 1e-4
