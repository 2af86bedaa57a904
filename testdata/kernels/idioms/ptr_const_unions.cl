//! kernel const_unions
//! global 16
//! arg buffer<int> 16 random(-100,100)
//! arg buffer<int> 16 out
//! arg buffer<float> 16 out

// Initialized program-scope __constant unions (the first member, or a
// designated one) read through their members and through a pointer of
// another type, and a private struct passed by address and viewed as ints.
// (clang gives compound literals no address space, so &(range){...} is not
// used here although clgo takes it.)
typedef union {
  int i;
  float f;
  uchar b[4];
} word;

typedef struct {
  int lo, hi;
} range;

__constant word one = {0x3f800000};
__constant word halfw = {.f = 0.5f};
__constant word table[2] = {{1}, {.f = -2.0f}};

int clampr(const range *r, int x) { return x < r->lo ? r->lo : x > r->hi ? r->hi : x; }

kernel void const_unions(global const int *in, global int *out, global float *fout) {
  int g = get_global_id(0);
  int x = in[g];
  range lim = {-50, 50};
  int y = clampr(&lim, x);
  int w[4] = {3, 5, 7, 11};
  int *pw = (int *)&lim;
  w[0] = pw[1];
  w[g & 3] += y;
  __constant uchar *bytes = (__constant uchar *)&halfw;
  out[g] = w[0] + w[1] * 2 + w[2] * 3 + w[3] * 4 + bytes[3] + table[0].i + one.b[2];
  fout[g] = one.f + halfw.f * (float)x + table[1].f;
}
