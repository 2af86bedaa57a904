//! kernel struct_basic
//! global 64
//! arg buffer<int> 64 random(-1000,1000)
//! arg buffer<int> 192 out

// A struct in private memory: member access, copy, pass by value, return.
struct pair {
  int a;
  int b;
};

struct pair swap(struct pair p) {
  struct pair q = {p.b, p.a};
  return q;
}

kernel void struct_basic(global const int *in, global int *out) {
  int i = get_global_id(0);
  struct pair p;
  p.a = in[i];
  p.b = i;
  struct pair q = swap(p);
  struct pair r = q;
  r.a += 10;
  out[3 * i + 0] = q.a;
  out[3 * i + 1] = q.b;
  out[3 * i + 2] = r.a * r.b;
}
