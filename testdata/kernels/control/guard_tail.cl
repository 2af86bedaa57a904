//! kernel guard_tail
//! global 200
//! local 40
//! arg buffer<int> 200 random(-100,100)
//! arg buffer<int> 200 zero
//! arg buffer<int> 200 zero
//! arg int 173
//! arg int 9

// Guards that send some work-items away, followed by code whose every
// branch is uniform (a kernel argument, loop counters, the group id):
// `if (g >= n) return;` at the top of the kernel, `if (i < n) { body }`
// around a function's body, per-item `continue` and `break` at the top of
// a loop body with uniform code after them. The host tiers run the code
// after each guard as jumps under the mask of the items that stayed.
int body_if(const global int *a, int i, int n, int m) {
  int r = 0;
  if (i < n) {
    int s = a[i];
    for (int k = 0; k < m; k++) {
      if (k & 1)
        s += k * 3;
      else
        s ^= k;
      if (k == 6)
        break;
    }
    switch (m % 4) {
    case 0: r = s; break;
    case 1: r = s + 1; break;
    default: r = s - 1;
    }
  }
  return r;
}

kernel void guard_tail(global const int *a, global int *out, global int *out2,
                       int n, int m) {
  int g = get_global_id(0);
  int grp = get_group_id(0);
  if (g >= n)
    return;
  int x = a[g];
  int acc = 0;
  for (int k = 0; k < m; k++) {
    if (grp & 1)
      acc += x * k;
    else
      acc -= k;
    for (int j = 0; j < k; j++)
      acc ^= j << 2;
  }
  // A per-item continue, then a uniform body.
  for (int k = 0; k < m; k++) {
    if (((x + k) & 3) == 0)
      continue;
    if (k > 4)
      acc += 7;
    else
      acc -= k;
    for (int j = 0; j < 3; j++)
      acc += j;
  }
  // A per-item break, then a uniform body; the loop's value is read
  // after it.
  int t = 0;
  for (int k = 0; k < 2 * m; k++) {
    if (x + k > 40)
      break;
    if (m > 5)
      t += k;
    else
      t -= k;
  }
  out[g] = acc + t;
  if (m == 9)
    out2[g] = body_if(a, g + (grp & 3), n, m);
  else
    out2[g] = -1;
}
