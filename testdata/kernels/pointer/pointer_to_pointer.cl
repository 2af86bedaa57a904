//! kernel pointer_to_pointer
//! global 32
//! arg buffer<int> 32 random(0,50)
//! arg buffer<int> 32 out

// Pointers to pointers in private memory (not as kernel arguments).
void advance(global const int **pp, int n) { *pp += n; }

kernel void pointer_to_pointer(global const int *in, global int *out) {
  int g = get_global_id(0);
  global const int *p = in;
  global const int **pp = &p;
  advance(pp, g);
  int a = **pp;
  advance(&p, g < 16 ? 1 : -1);
  out[g] = a * 100 + *p;
}
