//! kernel early_return
//! global 64
//! arg buffer<int> 1024 random(0,1000)
//! arg buffer<int> 64 out

// Early return from a helper from inside nested loops, and from the kernel itself.
int find(global const int *m, int target) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      if (m[4 * i + j] % 16 == target)
        return i * 4 + j;
  return -1;
}

kernel void early_return(global const int *a, global int *out) {
  int g = get_global_id(0);
  out[g] = -100;
  if (g % 9 == 8)
    return;
  out[g] = find(a + 16 * g, g % 16);
}
