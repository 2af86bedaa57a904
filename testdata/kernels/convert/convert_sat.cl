//! kernel convert_sat
//! global 128
//! arg buffer<float4> 128 random(-1000,1000)
//! arg buffer<int4> 128 random
//! arg buffer<uchar4> 128 out
//! arg buffer<char4> 128 out
//! arg buffer<ushort4> 128 out
//! arg buffer<uint4> 128 out

// convert_T_sat clamps to the destination range, from float and from wider or signed integers.
kernel void convert_sat(global const float4 *a, global const int4 *b, global uchar4 *o1,
                        global char4 *o2, global ushort4 *o3, global uint4 *o4) {
  int g = get_global_id(0);
  o1[g] = convert_uchar4_sat(a[g]);
  o2[g] = convert_char4_sat(b[g]);
  o3[g] = convert_ushort4_sat(b[g]);
  o4[g] = convert_uint4_sat(b[g]) + convert_uint4_sat(a[g] * 1e7f);
}
