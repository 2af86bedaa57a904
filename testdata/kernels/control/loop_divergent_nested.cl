//! kernel loop_divergent_nested
//! global 128
//! local 32
//! arg buffer<int> 128 random(0,15)
//! arg buffer<int> 128 out

// Nested loops with trip counts that differ per work-item inside one work-group.
kernel void loop_divergent_nested(global const int *a, global int *out) {
  int g = get_global_id(0);
  int n = a[g], s = 0;
  for (int i = 0; i < n; i++) {
    int j = i;
    while (j < n) {
      s += i * j;
      j += 1 + (i & 1);
    }
    if (s > 500) break;
  }
  out[g] = s;
}
