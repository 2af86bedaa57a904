//! kernel vector_select_scalars
//! global 64
//! arg buffer<char2> 64 random
//! arg buffer<int4> 64 random
//! arg buffer<char2> 64 out
//! arg buffer<int4> 64 out
//! arg buffer<float4> 64 out
//! arg buffer<short8> 64 out

// A vector condition with scalar or mixed operands (the CTS's
// 'char2 ? char : char'): element-wise, each component chosen by the most
// significant bit of the condition's component, scalars splat to the
// condition's length without the integer promotions.
kernel void vector_select_scalars(global const char2 *c, global const int4 *m,
                                  global char2 *o1, global int4 *o2,
                                  global float4 *o3, global short8 *o4) {
  int i = get_global_id(0);
  char a = (char)i, b = (char)(100 - i);
  o1[i] = c[i] ? a : b;
  int4 k = m[i];
  o2[i] = k ? 1 : 2;
  o2[i] += (k & 1) ? (int4)(10) : 20;           // MSB of 0 or 1 is clear: always 20
  o2[i] += (k << 31) ? 300 : (int4)(400, 500, 600, 700);
  o3[i] = k ? 1.5f : -2.0f;
  o3[i] += (k > 0) ? (float4)(i) : 0.25f;
  short8 s = (short8)((short)i, 2, 3, 4, 5, 6, 7, 8);
  short8 t = (short8)(k.s0, k.s1, k.s2, k.s3, k.s0 ^ 1, -1, 0, 1);
  o4[i] = t ? s : (short)-3;
  o4[i] += (t < (short)0) ? (short)1 : (short)2;
}
