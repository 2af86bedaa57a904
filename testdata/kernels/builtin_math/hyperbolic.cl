//! kernel hyperbolic
//! global 256
//! arg buffer<float> 256 random(-3,3)
//! arg buffer<float> 1536 out
//! tolerance 1e-5

// sinh, cosh, tanh, asinh, acosh, atanh.
kernel void hyperbolic(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  global float *o = out + 6 * g;
  o[0] = sinh(x);
  o[1] = cosh(x);
  o[2] = tanh(x);
  o[3] = asinh(x);
  o[4] = acosh(fabs(x) + 1.0f);
  o[5] = atanh(x / 3.5f);
}
