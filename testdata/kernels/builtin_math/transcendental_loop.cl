//! kernel transcendental_loop
//! global 4096
//! local 64
//! arg buffer<float> 4096 random(-40,40)
//! arg buffer<float> 4096 out
//! tolerance 2e-3

// native_sin, native_cos, native_exp, native_exp2, native_log and
// native_log2 (GLSL.std.450 Sin, Cos, Exp, Exp2, Log, Log2 on float; the
// full-precision forms are built from core instructions) in a loop: a
// kernel whose time is those functions. (Arguments past 2**19, which the
// host's native code reduces with every piece of 2/pi, are left to jit's
// TestVMath: PoCL's native_cos is loose there.)
kernel void transcendental_loop(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  float acc = 0.0f;
  for (int i = 1; i <= 16; i++) {
    float y = x * (float)i;
    acc += native_sin(y) + native_cos(y * 3.0f);
    acc += native_exp(x * 0.0625f * (float)(i & 3)) + native_exp2(-fabs(y) * 0.125f);
    acc += native_log(fabs(y) + 1.0f) - native_log2((float)i + fabs(x));
  }
  out[g] = acc;
}
