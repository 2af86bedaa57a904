//! kernel convert_basic
//! global 128
//! arg buffer<float4> 128 random(-300,300)
//! arg buffer<int4> 128 out
//! arg buffer<uchar4> 128 out
//! arg buffer<short4> 128 out

// convert_T without saturation: float to int truncates; int to uchar wraps modulo 256.
kernel void convert_basic(global const float4 *a, global int4 *i4, global uchar4 *u4, global short4 *s4) {
  int g = get_global_id(0);
  float4 v = a[g];
  int4 i = convert_int4(v);
  i4[g] = i;
  u4[g] = convert_uchar4(i);
  s4[g] = convert_short4(i * 200);
}
