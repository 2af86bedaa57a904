//! kernel inline_attrs
//! global 64
//! arg buffer<int> 64 random(0,1000)
//! arg buffer<int> 64 out

// always_inline and noinline function attributes.
__attribute__((always_inline)) inline int fast(int x) { return x * 3 + 1; }
__attribute__((noinline)) int slow(int x) { return x / 2 + fast(x); }

kernel void inline_attrs(global const int *a, global int *out) {
  int g = get_global_id(0);
  out[g] = slow(a[g]) + fast(g);
}
