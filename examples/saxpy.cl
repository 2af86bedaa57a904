//! kernel saxpy
//! global 1048576
//! arg float 2.5
//! arg buffer<float> 1048576 random
//! arg buffer<float> 1048576 random
//! tolerance 1e-6

// y = a*x + y: the "hello, world" of compute.
kernel void saxpy(float a, global const float *x, global float *y) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
