//! kernel private_ptr
//! global 64
//! arg buffer<int> 64 random(-100,100)
//! arg buffer<int> 64 out

// Pointers to private variables and into private arrays, passed to a helper.
void inc(int *p, int by) { *p += by; }
void fill(int *a, int n, int v) { for (int k = 0; k < n; k++) a[k] = v + k; }

kernel void private_ptr(global const int *in, global int *out) {
  int g = get_global_id(0);
  int x = in[g];
  int arr[6];
  fill(arr, 6, x);
  inc(&x, 5);
  inc(&arr[2], x);
  int *q = &arr[4];
  *q *= 2;
  out[g] = x + arr[0] + arr[2] + q[-1] + *q + q[1];
}
