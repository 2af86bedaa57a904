//! kernel sealed_if
//! global 216
//! local 72
//! arg buffer<int> 216 random(-100,100)
//! arg buffer<int> 216 zero
//! arg buffer<int> 3 zero
//! arg local<int> 72
//! arg int 6

// Varying constructs that every work-item entering them leaves by their
// merge (no break, continue or return out of them), inside loops whose
// own branches are uniform: a tree reduction's `if (l < s)`, a scan's
// `if (l >= off)` with a value out of it, an if-else and a switch on the
// item, a while loop whose items stop at different iterations, a callee
// that returns early, all between barriers. The host tiers keep such a
// loop as jumps and mask only the varying construct's own blocks.
int fold(int x, int t) {
  if (x > t)
    return x - t;
  return x * 2;
}

kernel void sealed_if(global const int *in, global int *out, global int *sums,
                      local int *tmp, int m) {
  int l = get_local_id(0);
  int n = get_local_size(0);
  int x = in[get_global_id(0)];
  tmp[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  // Inclusive scan (Hillis-Steele), any work-group size.
  for (int off = 1; off < n; off <<= 1) {
    int v = 0;
    if (l >= off)
      v = tmp[l - off];
    barrier(CLK_LOCAL_MEM_FENCE);
    tmp[l] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  int s = tmp[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int t = 0; t < m; t++) {
    int v;
    if ((l + t) & 1)
      v = x * t;
    else
      v = t - x;
    s += v;
    if (l % 3 == t % 3) {
      for (int u = 0; u < m; u++)
        s ^= u;
      if (l & 4)
        s += fold(x, t);
    }
    int it = 0;
    while (it < 10 && ((s >> it) & 1))
      it++;
    s += it;
    switch (l & 3) {
    case 0: s += 1; break;
    case 1: s -= 2; break;
    default: s = s * 3 % 100003;
    }
  }
  tmp[l] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  // Tree reduction over the largest power of two not above n, the rest
  // folded in first.
  int p = 1;
  while (p * 2 <= n)
    p *= 2;
  if (l >= p)
    tmp[l - p] += tmp[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int w = p / 2; w > 0; w >>= 1) {
    if (l < w)
      tmp[l] += tmp[l + w];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = s;
  if (l == 0)
    sums[get_group_id(0)] = tmp[0];
}
