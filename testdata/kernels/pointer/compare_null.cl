//! kernel compare_null
//! global 64
//! arg buffer<int> 64 random(0,10)
//! arg buffer<int> 64 out

// Null pointers: initialization with 0, comparison with NULL, conditional choice.
kernel void compare_null(global const int *in, global int *out) {
  int g = get_global_id(0);
  global const int *p = 0;
  if (in[g] > 5)
    p = &in[g];
  int v = p != NULL ? *p : -1;
  int w = !p ? 100 : 200;
  out[g] = v + w;
}
