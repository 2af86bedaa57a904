//! kernel width4
//! global 128
//! arg buffer<int4> 128 random(-1000,1000)
//! arg buffer<int4> 128 out

// 4-wide vectors: every xyzw component form and .s0123.
kernel void width4(global const int4 *in, global int4 *out) {
  int i = get_global_id(0);
  int4 v = in[i];
  int4 r;
  r.x = v.w;
  r.y = v.s2;
  r.zw = v.xy;
  out[i] = r * (int4)(1, 2, 3, 4) + v.s3210 - v.wzyx + v.even.xyxy;
}
