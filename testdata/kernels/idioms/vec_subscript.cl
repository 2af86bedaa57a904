//! kernel vec_subscript
//! global 64
//! arg buffer<float4> 64 random
//! arg buffer<int8> 64 random
//! arg buffer<float> 1024 out

// Vector subscripts (a clang extension real OpenCL code uses): on vector
// rvalues ((v + v)[1], f(x)[0]), with dynamic indices, as lvalues, through
// struct members, pointers, swizzles and 8/16-wide and 3-wide vectors.
typedef struct { float4 v; int8 w; } pair;

float4 twice(float4 p) { return p + p; }
float4 load(global const float4 *p) { return *p; }

kernel void vec_subscript(global const float4 *a, global const int8 *b, global float *out) {
  int i = get_global_id(0);
  global float *o = out + 16 * i;
  float4 v = a[i];
  int j = i & 3;
  o[0] = (v + v)[1];
  o[1] = twice(v)[0];
  o[2] = load(a + i)[3];
  o[3] = v[j];
  o[4] = (v * 3.0f)[j];
  v[j] = 7.0f;
  v[(j + 1) & 3] += 1.0f;
  o[5] = v.x + v.y + v.z + v.w;
  pair p;
  p.v = a[i];
  p.w = b[i];
  p.v[j] = (float)p.w[i & 7];
  o[6] = p.v[0] + p.v[1] + p.v[2] + p.v[3];
  pair *pp = &p;
  pp->w[7 - (i & 7)] = 5;
  o[7] = (float)(pp->w[0] + pp->w[1] + pp->w[2] + pp->w[3] + pp->w[4] + pp->w[5] + pp->w[6] + pp->w[7]);
  o[8] = a[i][j];
  o[9] = v.wzyx[j];
  v.zw[j & 1] = -1.0f;
  o[10] = v.x + 2.0f * v.y + 4.0f * v.z + 8.0f * v.w;
  int16 s = (int16)(i);
  s[i & 15] = 100;
  s[3] = s[i & 15] + 1;
  o[11] = (float)(s.s0 + s.s3 + s.sf + s[(i + 5) & 15]);
  float3 t = (float3)(1.0f, 2.0f, 3.0f);
  t[i % 3] *= 10.0f;
  o[12] = t[0] + t[1] + t[2] + t[i % 3];
  float4 *q = &v;
  (*q)[j] = 9.0f;
  q[0][(j + 2) & 3] = 11.0f;
  o[13] = v[0] + v[1] + v[2] + v[3];
  o[14] = (i > 3 ? v : v * 2.0f)[j];
  o[15] = ((float8)(v, v))[j + 4];
}
