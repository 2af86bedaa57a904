//! kernel param_address
//! global 32
//! arg buffer<int> 128 random(-50,50)
//! arg buffer<int> 128 random(-50,50)
//! arg buffer<int> 32 out

// The address of a kernel's pointer argument passed to helpers that
// advance it or swap it with another (a reader that consumes its input
// through a pointer to the cursor).
int next(global const int **cur) { return *(*cur)++; }

void swap_ptrs(global const int **x, global const int **y) {
  global const int *t = *x;
  *x = *y;
  *y = t;
}

kernel void param_address(global const int *a, global const int *b, global int *out) {
  int g = get_global_id(0);
  a += 4 * g;
  b += 4 * g;
  int s = next(&a);
  s = 10 * s + next(&a);
  if (g & 1)
    swap_ptrs(&a, &b);
  s = 10 * s + next(&a) + 3 * next(&b);
  out[g] = s + *a - *b;
}
