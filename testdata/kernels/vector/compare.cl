//! kernel compare
//! global 128
//! arg buffer<float4> 128 random
//! arg buffer<float4> 128 random
//! arg buffer<int4> 512 out

// Vector comparisons yield -1 (all bits set) for true and 0 for false.
kernel void compare(global const float4 *a, global const float4 *b, global int4 *out) {
  int i = get_global_id(0);
  float4 x = a[i], y = b[i];
  out[4 * i + 0] = x < y;
  out[4 * i + 1] = x >= y;
  out[4 * i + 2] = x == x;
  out[4 * i + 3] = (x != y) & (int4)(1, 2, 4, 8);
}
