//! kernel union_of_pointers
//! global 64
//! arg buffer<int> 64 random(0,1000)
//! arg buffer<int> 64 out

// Pointers kept in a union (a private object accessed as words) and in a
// byte-viewed struct: stored, read back through the other member, walked.
typedef union {
  global int *i;
  global uint *u;
  uint bits;
} ptr_u;

typedef struct {
  global int *p;
  int n;
} span;

kernel void union_of_pointers(global int *in, global int *out) {
  int g = get_global_id(0);
  ptr_u a;
  a.i = in + (g & ~7);
  global uint *u = a.u;
  int s = (int)u[g & 7];
  span sp = {in + (g & ~3), 4};
  uchar *raw = (uchar *)&sp;
  raw[sizeof(global int *)] = 3; // sp.n = 3 through a byte view
  for (int k = 0; k < sp.n; k++)
    s += sp.p[k] * (k + 1);
  a.i += 1;
  out[g] = s + *a.i;
}
