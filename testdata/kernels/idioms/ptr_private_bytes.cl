//! kernel private_bytes
//! global 8
//! arg buffer<uchar> 96 zero
//! arg buffer<int> 36 random(0,100)
//! arg buffer<float> 8 out

// Private memory through pointers: structs copied byte by byte with a
// uchar pointer walk, and a helper that returns a pointer to the larger of
// two private values (locals or struct members) which is then written.
typedef struct {
  int a;
  float b;
  uchar c[4];
} rec;

float *larger(float *x, float *y) { return *x > *y ? x : y; }

kernel void private_bytes(global uchar *dst, global const rec *src, global float *o) {
  int g = get_global_id(0);
  rec tmp[2];
  tmp[0] = src[g];
  tmp[1] = src[g + 1];
  tmp[0].b = (float)tmp[0].a;
  tmp[1].b = (float)tmp[1].c[1];
  uchar *b = (uchar *)tmp;
  global uchar *d = dst + g * sizeof(rec);
  for (uchar *e = b + sizeof(rec); b < e;)
    *d++ = *b++;
  float u = (float)g, v = 4.0f;
  float *m = larger(&u, &v);
  *m += 1.0f;
  float *n = larger(&tmp[0].b, &tmp[1].b);
  *n *= 2.0f;
  o[g] = u + 10.0f * v + *n + tmp[0].b;
}
