//! kernel width2
//! global 128
//! arg buffer<float2> 128 random
//! arg buffer<float2> 128 out
//! tolerance 1e-6

// 2-wide vectors: .x .y, .s0 .s1, .lo .hi, .even .odd, .yx swizzle.
kernel void width2(global const float2 *in, global float2 *out) {
  int i = get_global_id(0);
  float2 v = in[i];
  float2 r;
  r.x = v.y + v.s0;
  r.s1 = v.lo * v.hi - v.even + v.odd;
  out[i] = r + v.yx;
}
