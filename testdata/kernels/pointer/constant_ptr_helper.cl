//! kernel constant_ptr_helper
//! global 64
//! arg buffer<float> 16 random
//! arg buffer<float> 64 out
//! tolerance 1e-6

// A __constant kernel argument and a __constant pointer passed to a helper.
float dot_c(constant float *w, const float *x, int n) {
  float s = 0.0f;
  for (int k = 0; k < n; k++) s += w[k] * x[k];
  return s;
}

kernel void constant_ptr_helper(constant float *w, global float *out) {
  int g = get_global_id(0);
  float x[16];
  for (int k = 0; k < 16; k++) x[k] = (float)((g + k) % 7);
  out[g] = dot_c(w, x, 16) + dot_c(w + 8, x, 8);
}
