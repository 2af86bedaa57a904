//! kernel multiline_macro
//! global 64
//! arg buffer<float> 64 random
//! arg buffer<float> 64 out
//! tolerance 1e-6

// A multi-line macro with a do { } while (0) body and line continuations.
#define ACCUMULATE(dst, src, n)      \
  do {                               \
    for (int _k = 0; _k < (n); _k++) \
      (dst) += (src)[_k];            \
  } while (0)

kernel void multiline_macro(global const float *in, global float *out) {
  int g = get_global_id(0);
  float s = 0.0f;
  if (g & 1)
    ACCUMULATE(s, in + g, 64 - g);
  else
    s = -1.0f;
  out[g] = s;
}
