kernel void f(global const float *x, global float *y) {
  int i = get_global_id(0);
  float v = x[i] + 0.5f;
  y[i] = exp(-v) * log(v + 1.0f) + pow(v, 1.7f) + tanh(v) + atan2(v, 1.5f) + erf(v);
}
//! kernel f
//! global 1048576
//! local 64
//! arg buffer<float> 1048576 random
//! arg buffer<float> 1048576 out
//! tolerance 1e-5
