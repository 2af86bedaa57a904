kernel void f(global const double *x, global double *y) {
  int i = get_global_id(0);
  double v = x[i] + 0.5;
  y[i] = exp(-v) * log(v + 1.0) + pow(v, 1.7) + sqrt(v);
}
//! kernel f
//! global 262144
//! local 64
//! arg buffer<double> 262144 random
//! arg buffer<double> 262144 out
//! tolerance 1e-12
