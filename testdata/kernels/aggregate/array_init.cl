//! kernel array_init
//! global 64
//! arg buffer<int> 64 out

// Array initializers: size from the list, designators, strings into char arrays.
kernel void array_init(global int *out) {
  int i = get_global_id(0);
  int a[] = {1, 2, 3, 4, 5, 6, 7, 8};
  int b[8] = {[3] = 30, 40, [7] = 70};
  char s[] = "hello";
  int k = i & 7;
  out[i] = a[k] + b[k] + s[i % 6] + (int)sizeof(a) + (int)sizeof(s);
}
