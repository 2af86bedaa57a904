//! kernel prototype_forward
//! global 64
//! arg buffer<int> 64 random(0,30)
//! arg buffer<int> 64 out

// A prototype before the definition; the helper is defined after the kernel.
int fib(int n);
static int twice(int);

kernel void prototype_forward(global const int *a, global int *out) {
  int g = get_global_id(0);
  out[g] = twice(fib(a[g]));
}

int fib(int n) {
  int x = 0, y = 1;
  for (int k = 0; k < n; k++) {
    int t = x + y;
    x = y;
    y = t;
  }
  return x;
}

static int twice(int v) { return 2 * v; }
