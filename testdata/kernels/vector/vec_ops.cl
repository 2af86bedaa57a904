//! kernel vec_ops
//! global 128
//! arg buffer<uint4> 128 random
//! arg buffer<uint4> 128 random
//! arg buffer<uint4> 1024 out

// Every integer operator on uint4, component-wise.
kernel void vec_ops(global const uint4 *a, global const uint4 *b, global uint4 *out) {
  int i = get_global_id(0);
  uint4 x = a[i], y = b[i] | 1;
  uint4 *o = 0;
  int k = 8 * i;
  out[k + 0] = x + y;
  out[k + 1] = x * y;
  out[k + 2] = x / y;
  out[k + 3] = x % y;
  out[k + 4] = x << y;
  out[k + 5] = x >> (uint4)(1, 5, 31, 33);
  out[k + 6] = (x & y) ^ ~x | (y - x);
  out[k + 7] = -x;
}
