//! kernel vector_wide
//! global 512
//! local 64
//! arg buffer<double2> 512 random(-2,2)
//! arg buffer<double4> 512 random(-2,2)
//! arg buffer<ulong2> 512 random
//! arg buffer<float> 1536 random(-1,1)
//! arg buffer<int> 512 iota
//! arg buffer<double2> 512 out
//! arg buffer<double4> 512 out
//! arg buffer<float> 1536 out
//! arg buffer<float2> 512 out
//! arg buffer<float8> 512 random(-1,1)
//! tolerance 1e-9

// Vector accesses beyond four 4-byte components that native code moves
// as one access: double2 and ulong2 elements (2x2 transposes of qwords),
// double4 at a gathered index (a stride checked chunk by chunk: chunks
// with a lane at i % 37 == 5 take the one-by-one path), float3
// through vload3/vstore3 (12 bytes a lane), float2 stores under a
// condition (through the mask), and a float8's halves loaded with a store
// to the first half between them (the loads must not be gathered past it).
kernel void vector_wide(global const double2 *a, global const double4 *b,
                        global ulong2 *u, global const float *c,
                        global const int *perm, global double2 *out2,
                        global double4 *out4, global float *out3,
                        global float2 *outf, global float8 *io) {
  int i = get_global_id(0);
  double2 x = a[i];
  out2[i] = x.yx * 0.5 + x;
  int j = i % 37 == 5 ? 0 : perm[i];
  double4 y = b[j];
  out4[i] = y.wzyx - y * 2.0;
  ulong2 v = u[i];
  u[i] = v * (ulong2)(3, 5) + (ulong2)(i, 7);
  float3 w = vload3(i, c);
  vstore3(w.zxy + (float3)(w.x), i, out3);
  outf[i] = (float2)(0.0f);
  if (w.x > 0.0f)
    outf[i] = (float2)(w.y, w.z);
  float4 lo = io[i].lo;
  io[i].s01 = (float2)(7.0f);
  float4 hi = io[i].hi;
  io[i].hi = hi + lo;
}
