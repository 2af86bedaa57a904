//! kernel ternary_scalar
//! global 64
//! arg buffer<int> 64 random(-10,10)
//! arg buffer<float> 64 out

// The scalar ternary: nesting, mixed int/float arms, lvalue-free use, pointer arms.
kernel void ternary_scalar(global const int *a, global float *out) {
  int g = get_global_id(0);
  int x = a[g];
  float r = x > 0 ? x * 0.5f : x < -5 ? -1 : 2;
  int k1 = 1, k2 = 2;
  int *p = x & 1 ? &k1 : &k2;
  *p += 10;
  out[g] = r + k1 * 100 + k2 * 1000;
}
