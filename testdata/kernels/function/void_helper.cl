//! kernel void_helper
//! global 64
//! arg buffer<int> 64 out

// A void helper writing to global memory, with an early return.
void put(global int *out, int i, int v) {
  if (v < 0) {
    out[i] = 0;
    return;
  }
  out[i] = v * 2;
}

kernel void void_helper(global int *out) {
  int g = get_global_id(0);
  put(out, g, g - 20);
}
