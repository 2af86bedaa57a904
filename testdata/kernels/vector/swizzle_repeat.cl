//! kernel swizzle_repeat
//! global 64
//! arg buffer<int4> 64 random(0,100)
//! arg buffer<int16> 64 out

// Swizzles that repeat components (rvalues only) and widen 4 to 16.
kernel void swizzle_repeat(global const int4 *a, global int16 *out) {
  int i = get_global_id(0);
  int4 v = a[i];
  int16 r = (int16)(v.xxxx, v.yyzz, v.wwxx, v.s3333);
  out[i] = r + v.s0123012301230123;
}
