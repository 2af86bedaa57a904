//! kernel containers
//! global 32
//! arg buffer<int> 64 random(0,100)
//! arg buffer<int> 64 random(0,100)
//! arg buffer<int> 32 out

// Pointers kept in private structs and arrays, returned from helpers,
// used as loop variables and passed on after reassignment.
typedef struct {
  global const int *base;
  int stride;
} strided;

global const int *row_of(strided s, int r) { return s.base + r * s.stride; }

int sum_n(global const int *p, int n) {
  int s = 0;
  for (global const int *q = p; q < p + n; q++)
    s += *q;
  return s;
}

global const int *larger(global const int *x, global const int *y) { return *x >= *y ? x : y; }

kernel void containers(global const int *a, global const int *b, global int *out) {
  int g = get_global_id(0);
  strided views[2] = {{a, 2}, {b, 2}};
  global const int *ptrs[2];
  ptrs[0] = a + g;
  ptrs[1] = b + g;
  views[g & 1].base += 1;
  global const int *r = row_of(views[(g >> 1) & 1], g & 15);
  int s = sum_n(r, 2);
  ptrs[g & 1] += 16;
  global const int *m = larger(ptrs[0], ptrs[1]);
  m += 1;
  s += sum_n(m, 3);
  out[g] = s;
}
