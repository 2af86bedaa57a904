kernel void axpy(const int n, const float alpha, global const float *x, global float *y) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    y[i] += alpha * x[i];
}
//! kernel axpy
//! global 65536
//! local 256
//! arg int 4194304
//! arg float 1.5
//! arg buffer<float> 4194304 random
//! arg buffer<float> 4194304 random
//! tolerance 1e-6
