//! kernel extern_incomplete_struct
//! global 4
//! arg buffer<int> 4 out

// An extern declaration of a program-scope variable whose struct type is
// still incomplete (the CTS's simple_extern_compile_only), completed and
// defined later in the unit.
extern constant struct bar bart;

struct bar { int x; short y[3]; };

constant struct bar bart = {7, {1, 2, 3}};

kernel void extern_incomplete_struct(global int *o) {
  int i = get_global_id(0);
  o[i] = bart.x * 10 + (i < 3 ? bart.y[i] : (int)sizeof(bart));
}
