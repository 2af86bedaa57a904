//! kernel global_ptr_helper
//! global 64
//! arg buffer<int> 256 random(0,100)
//! arg buffer<int> 64 out

// Global pointers passed to helpers, returned from helpers, and stored in locals.
global const int *pick(global const int *a, global const int *b, int which) {
  return which ? a : b;
}
void store(global int *dst, int v) { *dst = v; }

kernel void global_ptr_helper(global const int *in, global int *out) {
  int g = get_global_id(0);
  global const int *p = pick(in + g, in + 128 + g, g & 1);
  store(out + g, p[0] + p[64]);
}
