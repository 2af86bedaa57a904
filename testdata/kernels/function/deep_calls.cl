//! kernel deep_calls
//! global 32
//! arg buffer<int> 32 random(0,100)
//! arg buffer<int> 32 out

// Several levels of calls passing a private pointer down the chain.
void l4(int *p) { *p = *p * 2 + 1; }
void l3(int *p) { l4(p); l4(p); }
void l2(int *p) { l3(p); *p -= 5; }
void l1(int *p, int n) { for (int k = 0; k < n; k++) l2(p); }

kernel void deep_calls(global const int *a, global int *out) {
  int g = get_global_id(0);
  int v = a[g];
  l1(&v, g % 4);
  out[g] = v;
}
