//! kernel insertion_sort
//! global 64
//! arg buffer<int> 1024 random(-1000,1000)
//! arg buffer<int> 1024 out

// Each work-item sorts 16 values in a private array (insertion sort) and writes them back.
kernel void insertion_sort(global const int *in, global int *out) {
  int g = get_global_id(0);
  int a[16];
  for (int i = 0; i < 16; i++) a[i] = in[16 * g + i];
  for (int i = 1; i < 16; i++) {
    int v = a[i], j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
  for (int i = 0; i < 16; i++) out[16 * g + i] = a[i];
}
