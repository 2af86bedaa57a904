//! kernel run_spans
//! global 1024
//! local 128
//! arg buffer<int> 1024 random(-1000,1000)
//! arg buffer<int> 1024 out
//! arg buffer<float> 1024 out
//! arg local<int> 128

// Loads and stores under masks whose active lanes are consecutive (a
// prefix, a suffix, a middle run), where the inactive lanes' addresses
// would be out of bounds: a Hillis-Steele scan, a tree sum, reversed and
// strided runs.
kernel void run_spans(global const int *in, global int *out, global float *f,
                      local int *tmp) {
  const int lid = get_local_id(0);
  const int n = get_local_size(0);
  const int gid = get_global_id(0);
  tmp[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int off = 1; off < n; off <<= 1) {
    int v = lid >= off ? tmp[lid - off] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    tmp[lid] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  int scan = tmp[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  tmp[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = n / 2; s > 0; s >>= 1) {
    if (lid < s)
      tmp[lid] += tmp[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  int total = tmp[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid >= 20 && lid < 100)
    tmp[lid - 20] = in[gid] * 3;
  barrier(CLK_LOCAL_MEM_FENCE);
  int mid = lid < 80 ? tmp[79 - lid] : -1;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid >= 64)
    tmp[2 * (lid - 64)] = lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gid] = scan + total + mid + (lid < 64 ? tmp[2 * lid] : 0);
  if (lid > 7 && lid < 120)
    f[gid - 8] = (float)scan * 0.5f;
}
