kernel void f(global const long *a, global long *q, const long d, const ulong ud) {
  int i = get_global_id(0);
  long x = a[i];
  q[i] = x / d + x % d + (long)((ulong)x / ud) + (long)((ulong)x % ud);
}
//! kernel f
//! global 1048576
//! local 64
//! arg buffer<long> 1048576 random
//! arg buffer<long> 1048576 out
//! arg long -1000003
//! arg ulong 7919
