//! kernel phi_loop
//! global 64
//! local 32
//! arg buffer<int> 64 out
//! arg buffer<int> 5002 random(-1000,1000)

// A struct of more than 4,096 scalars chosen by a condition, swapped with
// another in a loop that work-items leave after different numbers of
// rounds, and passed to and returned from a function: phis of values too
// large to scalarize (the lane tier copies their bytes on each edge).
typedef struct {
  int n;
  int a[5000];
  float f;
} Big;

Big bump(Big b, int k) {
  for (int j = 0; j < 5000; j += 97) b.a[j] += k;
  b.n += k;
  return b;
}

kernel void phi_loop(global int *out, global const Big *in) {
  int i = get_global_id(0);
  Big a = in[0];
  a.f = 0.25f * i;
  Big b = a;
  b.a[i] = 3 * i;
  b.f = 0.5f * i;
  Big x = (i & 1) ? a : b;
  Big y;
  if (i & 2)
    y = a;
  else
    y = b;
  for (int r = 0; r < (i & 7); r++) {
    Big t = x;
    x = y;
    y = bump(t, r + 1);
    if (y.a[i] > 900)
      break;
  }
  out[i] = x.a[i] + y.a[i] + y.n + x.n + (int)(y.f * 4) + x.a[4999 - i * 13];
}
