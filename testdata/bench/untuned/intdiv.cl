kernel void f(global const uint *a, global const uint *b, global uint *q) {
  int i = get_global_id(0);
  uint d = (b[i] & 0xffff) + 1;
  q[i] = a[i] / d + a[i] % (d + 3) + mul_hi(a[i], b[i]) + popcount(a[i]) + clz(b[i]);
}
//! kernel f
//! global 1048576
//! local 64
//! arg buffer<uint> 1048576 random
//! arg buffer<uint> 1048576 random
//! arg buffer<uint> 1048576 out
