//! kernel anon_struct
//! global 32
//! arg buffer<int> 32 out

// Anonymous struct types, struct tags declared inside functions, and shadowing.
kernel void anon_struct(global int *out) {
  int g = get_global_id(0);
  struct { int a; int b; } x = {g, 2 * g};
  struct local_tag { int v; } y = {3};
  {
    struct local_tag { int v, w; } z = {4, 5};
    y.v += z.w;
  }
  out[g] = x.a + x.b + y.v;
}
