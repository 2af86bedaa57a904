//! kernel convert_vectors
//! global 64
//! arg buffer<uchar8> 64 random
//! arg buffer<float8> 64 out
//! arg buffer<short16> 64 out
//! arg buffer<long2> 64 out
//! tolerance 1e-6

// convert_T on 8-, 16- and 2-wide vectors between many element types.
kernel void convert_vectors(global const uchar8 *a, global float8 *f, global short16 *s, global long2 *l) {
  int g = get_global_id(0);
  uchar8 v = a[g];
  f[g] = convert_float8(v) / 255.0f;
  s[g] = (short16)(convert_short8(v), convert_short8(as_char8(v)));
  l[g] = convert_long2(v.lo.lo) - convert_long2_sat(convert_int2(v.hi.hi) * -1000000);
}
