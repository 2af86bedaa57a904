// native_ math in a loop (image and physics code uses these for speed):
// on the host device they must not be slower than the precise forms.
kernel void native_math(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  float acc = 0.0f;
  for (int i = 0; i < 4; i++)
    acc += native_exp(native_sin(x + (float)i) * 0.5f);
  out[g] = native_log(acc + 1.0f) + native_cos(x) + native_powr(x, 1.5f);
}
//! kernel native_math
//! global 262144
//! local 64
//! arg buffer<float> 262144 random(0.5,4)
//! arg buffer<float> 262144 out
//! tolerance 2e-3
