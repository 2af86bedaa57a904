kernel void gemvt(const int m, const int n, global const float *a, global const float *x, global float *y) {
  int col = get_global_id(0);
  float acc = 0.0f;
  for (int i = 0; i < m; i++) acc += a[i * n + col] * x[i];
  y[col] = acc;
}
//! kernel gemvt
//! global 2048
//! local 64
//! arg int 1024
//! arg int 2048
//! arg buffer<float> 2097152 random
//! arg buffer<float> 1024 random
//! arg buffer<float> 2048 out
//! tolerance 1e-4
