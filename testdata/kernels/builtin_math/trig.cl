//! kernel trig
//! global 256
//! arg buffer<float> 256 random(-3,3)
//! arg buffer<float> 2048 out
//! tolerance 1e-5

// sin, cos, tan, asin, acos, atan, atan2, sincos.
kernel void trig(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  global float *o = out + 8 * g;
  o[0] = sin(x);
  o[1] = cos(x);
  o[2] = tan(x * 0.4f);
  o[3] = asin(x / 3.0f);
  o[4] = acos(x / 3.0f);
  o[5] = atan(x);
  o[6] = atan2(x, 1.5f - x);
  float c;
  float s = sincos(x, &c);
  o[7] = s * c;
}
