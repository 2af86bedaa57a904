//! kernel convert_float_sat_special
//! global 16
//! arg buffer<float> 16 [nan,infinity,-infinity,3e9,-3e9,255.5,-0.7,65535.9,256.0,-129.0,127.4,1e-30,4294967040.0,-1.0,0.99,2147483520.0]
//! arg buffer<int> 96 out

// Saturating float conversions at the edges: NaN goes to 0, infinities clamp.
kernel void convert_float_sat_special(global const float *a, global int *out) {
  int g = get_global_id(0);
  float x = a[g];
  global int *o = out + 6 * g;
  o[0] = convert_int_sat(x);
  o[1] = (int)convert_uint_sat(x);
  o[2] = convert_uchar_sat(x);
  o[3] = convert_char_sat_rtp(x);
  o[4] = convert_ushort_sat_rtn(x);
  o[5] = convert_short_sat(x);
}
