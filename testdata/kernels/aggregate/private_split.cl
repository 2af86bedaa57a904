//! kernel private_split
//! global 64
//! local 16
//! arg buffer<float> 64 random(-4,4)
//! arg buffer<int> 64 random(0,1000)
//! arg buffer<float> 512 out
//! arg int 3
//! tolerance 1e-5

// Private aggregates used only at constant indexes, as spirv/opt's sroa
// splits them into one variable per element: a struct copied whole, a
// nested array, an array with an initializer, an array of one element
// indexed by a counter (CLBlast's realM apm[MWI/VWM] with MWI == VWM),
// and an array of vectors written per component in a loop. A last array
// indexed by a variable stays in memory beside them.
typedef struct {
  float w;
  int n[2];
  float4 v;
} item;

kernel void private_split(global const float *a, global const int *b, global float *out, int steps) {
  int g = get_global_id(0);
  item s, t;
  s.w = a[g];
  s.n[0] = b[g];
  s.n[1] = b[(g + 1) % 64];
  s.v = (float4)(a[g], 1.0f, 2.0f, a[(g + 3) % 64]);
  t = s;
  s.w = 0.0f; // t keeps the copy
  float m[2][2];
  m[0][0] = t.w; m[0][1] = (float)t.n[0];
  m[1][0] = (float)t.n[1]; m[1][1] = t.v.w;
  const float k[4] = {0.5f, -1.0f, 2.0f, 0.25f};
  float4 one[1];
  one[0] = t.v;
  float2 acc[3];
  acc[0] = (float2)(0.0f); acc[1] = (float2)(1.0f); acc[2] = (float2)(-1.0f);
  float dyn[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  for (int i = 0; i < steps; i++) {
    one[i % 1] *= k[2];
    acc[0].x += m[0][0] * k[0];
    acc[0].y += m[0][1] * k[1];
    acc[1].x = acc[1].x * k[3] + m[1][0];
    acc[1].y -= m[1][1];
    acc[2] = acc[2] * acc[1] + acc[0];
    dyn[i & 3] += acc[2].x;
  }
  global float *o = out + 8 * g;
  o[0] = acc[0].x; o[1] = acc[0].y; o[2] = acc[1].x; o[3] = acc[1].y;
  o[4] = acc[2].x + acc[2].y;
  o[5] = one[0].x + one[0].y + one[0].z + one[0].w + s.w;
  o[6] = dyn[b[g] & 3];
  o[7] = (float)(t.n[0] - t.n[1]);
}
