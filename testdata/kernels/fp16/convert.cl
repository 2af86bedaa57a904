//! kernel convert
//! global 256
//! arg buffer<float> 256 random(-70000,70000)
//! arg buffer<float> 256 random(-3,3)
//! arg buffer<half> 2048 out
//! arg buffer<int> 1024 out

// cl_khr_fp16 conversions: convert_half with the four rounding modes from
// float (out-of-range values give infinity or HALF_MAX as the mode says),
// convert_half4 from int4, half to int with saturation, as_half/as_ushort.
// The reference (PoCL, without cl_khr_fp16) uses vstore_half_r* and
// vload_half, which round the same way.
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif

kernel void convert(global float *a, global float *b, global half *out, global int *iout) {
  int i = get_global_id(0);
  float x = a[i], y = b[i] * 0.001f;
#ifdef cl_khr_fp16
  out[8 * i + 0] = convert_half(x);
  out[8 * i + 1] = convert_half_rte(y);
  out[8 * i + 2] = convert_half_rtz(y);
  out[8 * i + 3] = convert_half_rtp(y);
  out[8 * i + 4] = convert_half_rtn(y);
  out[8 * i + 5] = convert_half_rtz(x);
  half h = convert_half(b[i]);
  out[8 * i + 6] = as_half((ushort)(as_ushort(h) ^ 0x8000));
  out[8 * i + 7] = (half)(i - 128) * 0.5h;
  iout[4 * i + 0] = convert_int_sat(convert_half(x));
  iout[4 * i + 1] = convert_int_rtn(h);
  iout[4 * i + 2] = as_ushort(h);
  half4 v = convert_half4(vload4(i & 63, (global int *)a) >> 20);
  iout[4 * i + 3] = convert_int(v.x) + convert_int(v.w);
#else
  vstore_half(x, 8 * i + 0, out);
  vstore_half_rte(y, 8 * i + 1, out);
  vstore_half_rtz(y, 8 * i + 2, out);
  vstore_half_rtp(y, 8 * i + 3, out);
  vstore_half_rtn(y, 8 * i + 4, out);
  vstore_half_rtz(x, 8 * i + 5, out);
  uint t;
  vstore_half(b[i], 0, (half *)&t);
  float h = vload_half(0, (half *)&t);
  vstore_half(-h, 8 * i + 6, out);
  vstore_half((float)(i - 128) * 0.5f, 8 * i + 7, out);
  uint u;
  vstore_half(x, 0, (half *)&u);
  iout[4 * i + 0] = convert_int_sat(vload_half(0, (half *)&u));
  iout[4 * i + 1] = convert_int_rtn(h);
  iout[4 * i + 2] = t & 0xffff;
  int4 w = vload4(i & 63, (global int *)a) >> 20;
  uint c0, c3;
  vstore_half((float)w.x, 0, (half *)&c0);
  vstore_half((float)w.w, 0, (half *)&c3);
  iout[4 * i + 3] = convert_int(vload_half(0, (half *)&c0)) + convert_int(vload_half(0, (half *)&c3));
#endif
}
