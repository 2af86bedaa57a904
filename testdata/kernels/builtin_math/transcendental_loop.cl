//! kernel transcendental_loop
//! global 4096
//! local 64
//! arg buffer<float> 4096 random(-40,40)
//! arg buffer<float> 4096 out
//! tolerance 1e-4

// sin, cos, exp, exp2, log and log2 at full precision in a loop, some
// arguments of sin/cos past 2**19 (the host's native code reduces those
// with every piece of 2/pi): a kernel whose time is its transcendental
// functions (the host driver's native code has AVX2 code for them).
kernel void transcendental_loop(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  float acc = 0.0f;
  for (int i = 1; i <= 16; i++) {
    float y = x * (float)i;
    acc += sin(y) + cos(y * 37000.0f);
    acc += exp(x * 0.0625f * (float)(i & 3)) + exp2(-fabs(y) * 0.125f);
    acc += log(fabs(y) + 1.0f) - log2((float)i + fabs(x));
  }
  out[g] = acc;
}
