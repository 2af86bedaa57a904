//! kernel scan_exclusive
//! global 256
//! local 128
//! arg buffer<uint> 256 random(0,100)
//! arg buffer<uint> 256 out

// Work-efficient exclusive scan (Blelloch) in __local memory: up-sweep and down-sweep.
kernel void scan_exclusive(global const uint *in, global uint *out) {
  local uint t[128];
  int l = get_local_id(0), n = 128;
  t[l] = in[get_global_id(0)];
  int off = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < d) {
      int ai = off * (2 * l + 1) - 1, bi = off * (2 * l + 2) - 1;
      t[bi] += t[ai];
    }
    off *= 2;
  }
  if (l == 0) t[n - 1] = 0;
  for (int d = 1; d < n; d *= 2) {
    off >>= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < d) {
      int ai = off * (2 * l + 1) - 1, bi = off * (2 * l + 2) - 1;
      uint x = t[ai];
      t[ai] = t[bi];
      t[bi] += x;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[l];
}
