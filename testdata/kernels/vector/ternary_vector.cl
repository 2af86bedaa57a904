//! kernel ternary_vector
//! global 128
//! arg buffer<int4> 128 random(-50,50)
//! arg buffer<int4> 128 out

// The ternary operator with a vector condition selects per component (by the sign bit).
kernel void ternary_vector(global const int4 *a, global int4 *out) {
  int i = get_global_id(0);
  int4 v = a[i];
  int4 r = v > 0 ? v : -v;
  out[i] = (v & 1) == 0 ? r * 2 : (int4)(-7);
}
