//! kernel float_int_conversions
//! global 64
//! arg buffer<float> 64 random(-1000,1000)
//! arg buffer<int> 64 random(-100000,100000)
//! arg buffer<int> 128 out
//! arg buffer<float> 128 out

// Implicit and explicit float<->int conversions: truncation toward zero and rounding to float.
kernel void float_int_conversions(global const float *a, global const int *b, global int *o1,
                                  global float *o2) {
  int g = get_global_id(0);
  float f = a[g];
  int i = b[g];
  int t = f;
  o1[2 * g + 0] = t;
  o1[2 * g + 1] = (int)(f * 3.0f) + i;
  o2[2 * g + 0] = i;
  o2[2 * g + 1] = i / 2 + f;
}
