//! kernel fixed_point
//! global 128
//! arg buffer<int> 128 random(-65536,65536)
//! arg buffer<int> 128 random(-65536,65536)
//! arg buffer<int> 384 out

// Q16.16 fixed-point multiply (through long), divide and square root by Newton iteration.
int fx_mul(int a, int b) { return (int)(((long)a * b) >> 16); }
int fx_div(int a, int b) { return (int)(((long)a << 16) / b); }

kernel void fixed_point(global const int *a, global const int *b, global int *out) {
  int g = get_global_id(0);
  int x = a[g], y = b[g] | 1;
  out[3 * g + 0] = fx_mul(x, y);
  out[3 * g + 1] = fx_div(x, y);
  int v = abs(x) + 65536, r = v;
  for (int k = 0; k < 20; k++) r = (r + fx_div(v, r)) >> 1;
  out[3 * g + 2] = r;
}
