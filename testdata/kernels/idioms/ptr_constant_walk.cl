//! kernel constant_walk
//! global 16
//! arg buffer<float> 64 random
//! arg buffer<float> 256 out
//! arg int 3
//! tolerance 1e-6

// A __constant argument and a program-scope __constant table walked by
// reassigned pointers, with the output pointer advanced in the loop header
// (for (; n--; o++)), as filter kernels write their taps loops.
__constant float taps[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};

kernel void constant_walk(__constant float *c, global float *o, int n) {
  int g = get_global_id(0);
  c += g;
  o += 16 * g;
  __constant float *t = taps;
  for (int k = n; k--; o++) {
    float s = 0.0f;
    for (__constant float *e = t + 5; t < e; t++)
      s += *t * c[t - taps];
    t -= 5;
    *o = s;
    c++;
  }
}
