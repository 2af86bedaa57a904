//! kernel for_loops
//! global 64
//! arg buffer<int> 64 random(0,20)
//! arg buffer<int> 64 out

// for loops: data-dependent trip counts, empty clauses, a declaration in the init, downward counting.
kernel void for_loops(global const int *a, global int *out) {
  int g = get_global_id(0);
  int n = a[g], s = 0;
  for (int k = 0; k < n; k++) s += k;
  for (int k = n; k > 0; k -= 3) s ^= k;
  int j = 0;
  for (;;) {
    if (++j >= n) break;
    s += 2;
  }
  for (uint u = 10; u-- > 0;) s += (int)u;
  out[g] = s;
}
