//! kernel inline_static
//! global 32
//! arg buffer<int> 32 iota
//! arg buffer<int> 32 out

// inline and static inline helper functions.
inline int add3(int a) { return a + 3; }
static inline int mul5(int a) { return a * 5; }
static int both(int a) { return mul5(add3(a)); }

kernel void inline_static(global const int *a, global int *out) {
  int g = get_global_id(0);
  out[g] = both(a[g]);
}
