//! kernel continue_do
//! global 64
//! arg buffer<int> 64 random(0,30)
//! arg buffer<int> 64 out

// continue in a do-while jumps to the condition; continue in while re-tests.
kernel void continue_do(global const int *a, global int *out) {
  int g = get_global_id(0);
  int n = a[g], i = 0, s = 0;
  do {
    i++;
    if (i % 3 == 0) continue;
    s += i;
  } while (i < n);
  int j = 0;
  while (j < n) {
    j += 2;
    if (j % 4 == 0) continue;
    s -= j;
  }
  out[g] = s;
}
