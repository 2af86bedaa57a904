//! kernel address_of_element
//! global 32
//! arg buffer<int4> 32 iota
//! arg buffer<int> 32 out

// &a[i], &s.m and &v.x style addresses, and * on them.
typedef struct { int a; int4 v; } st;

kernel void address_of_element(global const int4 *in, global int *out) {
  int g = get_global_id(0);
  st s;
  s.a = g;
  s.v = in[g];
  int *pa = &s.a;
  int4 *pv = &s.v;
  global const int4 *pe = &in[(g + 1) & 31];
  out[g] = *pa + (*pv).y + pv->w + (*pe).x;
}
