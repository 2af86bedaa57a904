//! kernel convert_rounding
//! global 64
//! arg buffer<float> 64 [0.5,1.5,2.5,-0.5,-1.5,-2.5,2.7,-2.7,3.2,-3.2,0.0,-0.0,1e10,-1e10,7.5,8.5]
//! arg buffer<int> 384 out

// Float-to-int rounding modes: _rte (ties to even), _rtz, _rtp, _rtn, with and without _sat.
kernel void convert_rounding(global const float *a, global int *out) {
  int g = get_global_id(0);
  float x = a[g] + (g >= 16 ? 0.25f * (g / 16) : 0.0f);
  global int *o = out + 6 * g;
  o[0] = convert_int_rte(x * 1e-9f > 1.0f ? 0.0f : x);
  o[1] = convert_int_rtz(x * 1e-9f > 1.0f ? 0.0f : x);
  o[2] = convert_int_rtp(fabs(x) > 1e9f ? 0.0f : x);
  o[3] = convert_int_rtn(fabs(x) > 1e9f ? 0.0f : x);
  o[4] = convert_int_sat_rte(x);
  o[5] = convert_int_sat_rtn(x);
}
