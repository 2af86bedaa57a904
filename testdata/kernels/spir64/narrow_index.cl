//! kernel narrow_index
//! global 64
//! local 16
//! arg buffer<int> 64 random(-1000,1000)
//! arg int -3
//! arg buffer<int> 64 out
//! arg buffer<ulong> 64 out
//! clgo-options -arch=spir64

// 64-bit size_t index arithmetic that spirv/opt's Narrow computes in 32
// bits where only the low word is observed (the truncated index), beside
// arithmetic whose high word matters: wrap-around at 2^64, right shifts,
// a comparison with a sign-extended negative int, divisions and
// comparisons of zero-extended values.
kernel void narrow_index(global const int *in, int neg, global int *out, global ulong *wide) {
  size_t g = get_global_id(0), l = get_local_id(0);
  size_t mid = get_local_size(0) / 2;
  size_t i = (g * 0x100000001UL + 7) & 63;          // low word only
  size_t j = ((g - 70) << 3) >> 3;                   // the high word matters
  size_t k = (size_t)(-(long)g) % 64;                // 2^64 - g mod 64
  int v = in[i] + in[(g + mid) % 64] + in[(l < mid ? l : g) & 63];
  if (g < (size_t)neg)                                // (size_t)-3 is huge
    v += in[k];
  if (g / 16 == get_group_id(0) && g % 16 == l)
    v += 1;
  out[g] = v;
  wide[g] = j ^ (g * 0x100000001UL) ^ ((size_t)-1 / (mid + g));
}
