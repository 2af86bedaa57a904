//! kernel nan_builtin
//! global 16
//! arg buffer<uint> 16 random
//! arg buffer<uint> 64 out
//! arg buffer<ulong> 16 out

// nan(nancode): a NaN for every overload (uint -> float, uintn -> floatn,
// ulong -> double), checked by what the spec promises: isnan, the exponent
// all ones (PoCL does not set the quiet bit, clgo does).
kernel void nan_builtin(global const uint *in, global uint *o, global ulong *d) {
  int i = get_global_id(0);
  uint code = in[i] & 0xffff;
  float f = nan(code);
  float4 v = nan((uint4)(code, 1u, 0u, 0x3fffffu));
  o[4 * i] = isnan(f) + 2 * all(isnan(v));
  o[4 * i + 1] = (as_uint(f) >> 23) & 0xff;
  o[4 * i + 2] = (as_uint(v.w) >> 23) & 0xff;
  o[4 * i + 3] = isnan(nan(code) + 1.0f);
  double x = nan((ulong)code);
  d[i] = isnan(x) + 2 * ((as_ulong(x) >> 52) == 0x7ff);
}
