//! kernel unroll_dead_oob
//! global 64
//! arg buffer<float> 64 random
//! arg buffer<int> 64 random(0,9)
//! arg buffer<float> 192 out
//! tolerance 1e-6

// Fully unrolled loops whose copies hold a constant index past an array's
// end in code their own condition skips: `if (k != 4) qq += G[k]` in the
// copy of k = 4 with G of 4 elements (pyopencl's Cephes Bessel function
// bessel_jn has this loop), the k = 0 copy of `if (k > 0) ... G[k - 1]`
// (index -1), and a 2D array's row. Every copy was lowered with an
// OpAccessChain at the constant index, which is invalid SPIR-V: the
// build failed on every device ("index 4 is out of bounds"). The indices
// that run stay in bounds, and so do the results.
kernel void unroll_dead_oob(global const float *a, global const int *sel, global float *o) {
  int i = get_global_id(0);
  float F[5], G[4], H[3][2];
  for (int k = 0; k < 5; k++) F[k] = a[(i + k) & 63];
  for (int k = 0; k < 4; k++) G[k] = a[(i * 3 + k) & 63];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 2; c++) H[r][c] = a[(i + 7 * r + c) & 63];
  float pp = 0.0f, qq = 0.0f, nk = 1.0f, hh = 0.0f;
  for (int k = 0; k <= 4; k++) {
    pp += F[k] * nk;
    if (k != 4) qq += G[k] * nk;
    if (k > 0) qq -= G[k - 1] * 0.25f;
    if (k < 3) hh += H[k][sel[i] & 1];
    nk *= 0.5f;
  }
  o[3 * i] = pp;
  o[3 * i + 1] = qq;
  o[3 * i + 2] = hh;
}
