//! kernel float_arith
//! global 256
//! arg buffer<float> 256 random(-100,100)
//! arg buffer<float> 256 random(1,50)
//! arg buffer<float> 1024 out
//! tolerance 1e-6

// float: the four operations.
kernel void float_arith(global const float *a, global const float *b, global float *out) {
  int i = get_global_id(0);
  float x = a[i], y = b[i];
  out[4 * i + 0] = x + y;
  out[4 * i + 1] = x - y;
  out[4 * i + 2] = x * y;
  out[4 * i + 3] = x / y;
}
