//! kernel sched_chains
//! global 128
//! local 32
//! arg buffer<double16> 128 random(-1,1)
//! arg buffer<float16> 128 random(-1,1)
//! arg buffer<uint8> 128 random
//! arg buffer<double16> 128 out
//! arg buffer<float16> 128 out
//! arg buffer<uint8> 128 out
//! arg int 3
//! tolerance 1e-5

// Wide vectors whose components are independent chains of dependent ops
// (clpeak's compute kernels): the lane tier schedules each component's
// chain to its end before the next starts (lanes/sched.go). A store
// between the statements and a load after it read values halfway, the
// loop carries x and y round its back edge, the uint8 rounds are rotates
// and xors of components that read each other, and the float16 chain
// mixes operations, so that the order of memory accesses and of each
// value's reads and writes is kept.
kernel void sched_chains(global const double16 *a, global const float16 *b,
                         global const uint8 *c, global double16 *od,
                         global float16 *of, global uint8 *ou, int n) {
  int i = get_global_id(0);
  double16 x = a[i], y = x * 0.5 + 0.25;
  for (int k = 0; k < n; k++) {
    x = mad(y, x, y); y = mad(x, y, x); x = mad(y, x, y); y = mad(x, y, x);
    x = x * 0.5; y = y * 0.25;
  }
  od[i] = x;
  x = mad(y, x, y); y = mad(x, y, x);
  od[i] += x + y;
  float16 f = b[i], g = f.sfedcba9876543210;
  f = fma(g, f, g); g = f * g - f; f = fmin(f, g) + fabs(g);
  g = sqrt(fabs(f)) + g * f;
  of[i] = f - g;
  uint8 u = c[i], w = u.s70615243;
  for (int r = 0; r < 4; r++) {
    u = rotate(u, (uint8)7) ^ w; w = rotate(w, (uint8)8) + u;
    u = u ^ (w >> 3); w = w + (u << 5);
  }
  ou[i] = u ^ w;
}
