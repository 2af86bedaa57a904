kernel void daxpy(global const double *x, global double *y, const double a) {
  int i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
//! kernel daxpy
//! global 2097152
//! local 256
//! arg buffer<double> 2097152 random
//! arg buffer<double> 2097152 random
//! arg double 0.75
//! tolerance 1e-12
