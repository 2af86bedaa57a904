//! kernel dct8
//! global 64
//! arg buffer<float> 512 random(-128,127)
//! arg buffer<float> 512 out
//! tolerance 1e-4

// An 8-point DCT-II per work-item using a __constant cosine table computed at compile time by a macro.
#define C(k, n) cospi((2.0f * (n) + 1.0f) * (k) / 16.0f)

kernel void dct8(global const float *in, global float *out) {
  int g = get_global_id(0);
  float x[8];
  for (int n = 0; n < 8; n++) x[n] = in[8 * g + n];
  for (int k = 0; k < 8; k++) {
    float s = 0.0f;
    for (int n = 0; n < 8; n++) s += x[n] * C(k, n);
    out[8 * g + k] = s * (k == 0 ? M_SQRT1_2_F : 1.0f) * 0.5f;
  }
}
