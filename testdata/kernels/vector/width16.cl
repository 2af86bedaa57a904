//! kernel width16
//! global 64
//! arg buffer<char16> 64 random
//! arg buffer<char16> 64 out

// 16-wide vectors: hex-digit components .sa-.sf and .sA-.sF, nested halves.
kernel void width16(global const char16 *in, global char16 *out) {
  int i = get_global_id(0);
  char16 v = in[i];
  char16 r = v.sfedcba9876543210;
  r.sa = v.sA + 1;
  r.sF = v.s0;
  r.lo.lo = v.hi.hi;
  r.odd.even = v.even.odd;
  out[i] = r;
}
