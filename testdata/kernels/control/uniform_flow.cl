//! kernel uniform_flow
//! global 192
//! local 48
//! arg buffer<int> 192 random(-100,100)
//! arg buffer<int> 192 zero
//! arg int 7

// Branches on a kernel argument, loop counters and group ids (one value
// for every work-item of a chunk) mixed with branches on per-item data:
// uniform ifs, a switch, break, continue and return in uniform loops,
// uniform constructs inside divergent ones and the reverse, a do-while(0)
// and an array whose elements pass through both arms of an if. The host
// tiers run the uniform branches as jumps.
int mix(int x, int n) {
  int r = x;
  for (int k = 0; k < n; k++) {
    if (k & 1)
      r += k;
    else
      r ^= k;
    if (k == 5)
      break;
  }
  return r;
}

kernel void uniform_flow(global const int *a, global int *out, int n) {
  int g = get_global_id(0);
  int grp = get_group_id(0);
  int x = a[g];
  int w[4] = {x, x + 1, x + 2, x + 3};
  int v[2] = {x, -x};
  for (int t = 0; t < 12; t++) {
    if (t >= n) {
      w[t & 3] += t;
      continue;
    }
    switch (t % 3) {
    case 0:
      x += t;
      break;
    case 1:
      x ^= t << 2;
      /* fall through */
    case 2:
      x -= 1;
      break;
    }
    if (x > 50)
      x -= 7;
    else if (t == 3)
      x = mix(x, n);
    if (t == 4)
      v[1] += 3;
    else
      v[0] ^= t;
    do {
      if (grp == 1)
        w[0] ^= t;
    } while (0);
  }
  if (x < 0) {
    for (int k = 0; k < n; k++) {
      if (k == 2)
        continue;
      x += k * (grp + 1);
      if (k == n - 1 && grp == 2) {
        out[g] = x + w[1] + v[0];
        return;
      }
    }
  }
  out[g] = x + w[0] + w[1] + w[2] + w[3] + v[0] * 3 + v[1];
}
