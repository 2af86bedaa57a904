//! kernel vec_unary
//! global 64
//! arg buffer<int4> 64 random(-100,100)
//! arg buffer<int4> 256 out

// Unary operators and ++/-- on whole vectors.
kernel void vec_unary(global const int4 *a, global int4 *out) {
  int i = get_global_id(0);
  int4 v = a[i];
  int4 w = v++;
  out[4 * i + 0] = w;
  out[4 * i + 1] = --v - 1;
  out[4 * i + 2] = !v;
  out[4 * i + 3] = +(~v);
}
