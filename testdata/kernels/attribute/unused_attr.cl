//! kernel unused_attr
//! global 32
//! arg buffer<int> 32 out

// Other attributes accepted by OpenCL C compilers: unused and const-qualified helpers.
__attribute__((unused)) static int never_called(int x) { return x; }
__attribute__((const)) int square(int x) { return x * x; }

kernel void unused_attr(global int *out) {
  int g = get_global_id(0);
  __attribute__((unused)) int dummy = 5;
  out[g] = square(g);
}
