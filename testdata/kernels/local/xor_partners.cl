//! kernel xor_partners
//! global 256
//! local 64
//! arg buffer<int> 256 random(-1000,1000)
//! arg buffer<int> 256 out
//! arg buffer<int> 256 out
//! arg buffer<int> 256 out

// Partners at lane ^ j and reversed indices, read from global and local
// memory and written back permuted: each is a permutation of eight
// consecutive words that the host's native tier loads and stores as one
// vector (after a run-time check), with masks for the stores.
kernel void xor_partners(global const int *in, global int *out, global int *rev,
                          global int *odd) {
  local int s[64];
  int i = get_global_id(0), l = get_local_id(0);
  int n = get_global_size(0);
  int v = in[i] + 3 * in[i ^ 1] - in[i ^ 2] + (in[i ^ 4] >> 1);
  s[l] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  // A butterfly: every work-item sums its group of eight.
  for (int j = 1; j < 8; j <<= 1) {
    int w = s[l ^ j];
    barrier(CLK_LOCAL_MEM_FENCE);
    v += w;
    s[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[i ^ 1] = v - in[n - 1 - i];
  rev[n - 1 - i] = s[63 - l];
  // Under a data-dependent mask: the lanes' mask is permuted too. Each
  // word has one writer (odd[255 - i] -= v raced with odd[i ^ 1] = v of
  // another work-item).
  if ((v + l * 3) & 1)
    odd[i ^ 1] = v;
  if ((v + l) & 2)
    rev[n - 1 - i] -= v;
}
