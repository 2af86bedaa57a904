//! kernel mixed_ops
//! global 8
//! arg buffer<float> 32 random
//! arg buffer<float> 64 random
//! arg buffer<float> 64 random
//! arg int 1

// Operations on pointers that may refer to several buffers: a member's
// address advanced, a pointer kept in a struct, a pointer or null, a loop
// that switches buffers on each step and compares pointers, vector views
// and vload/vstore through a chosen buffer. Work-item g owns s[g] and
// elements [8g, 8g+8) of o and o2.
typedef struct {
  float x, y, z;
  int n;
} point;

typedef struct {
  global float *p;
  int n;
} span;

kernel void mixed_ops(global float *sf, global float *o, global float *o2, int c) {
  int g = get_global_id(0);
  global point *s = (global point *)sf;
  global float *f = &s[g].y;
  f += 1;
  *f = s[g].x * 2.0f;
  span v = {o + 8 * g, 2};
  global float *q = v.p + 1;
  q[v.n] = 1.0f;
  global float *r = (g & c) ? o : 0;
  if (r)
    r[8 * g] += 1.0f;
  float sum = 0.0f;
  global float *p = o;
  for (int i = 0; i < 4; i++) {
    p = (i & 1) ? o2 : o;
    sum += p[8 * g + i];
  }
  o2[8 * g + 7] = sum + (p == o2) + 2 * (p != o) + 4 * (r == 0);
  global float4 *w = (global float4 *)((g & 2) ? o : o2);
  w[2 * g + 1] = w[2 * g] * 0.5f + (float4)(sum);
  p = (g & 4) ? o : p;
  vstore2((float2)(sum, -sum), 4 * g + 2, p);
  float4 t = vload4(2 * g, p);
  sf[4 * g + 3] = t.x + t.y + t.z + t.w;
}
